use mcp_content::model::Uri;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(title = titel))]
    href: Uri,
    title: String,
}

fn main() {}

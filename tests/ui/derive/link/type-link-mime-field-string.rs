use mcp_content::model::Uri;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(mime = m))]
    href: Uri,
    m: String,
}

fn main() {}

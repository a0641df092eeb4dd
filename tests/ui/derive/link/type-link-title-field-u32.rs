use mcp_content::model::Uri;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(title = t))]
    href: Uri,
    t: u32,
}

fn main() {}

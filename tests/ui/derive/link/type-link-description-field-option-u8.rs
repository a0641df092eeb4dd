use mcp_content::model::Uri;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(description = d))]
    href: Uri,
    d: Option<u8>,
}

fn main() {}

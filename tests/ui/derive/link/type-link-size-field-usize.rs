use mcp_content::model::Uri;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(size = n))]
    href: Uri,
    n: usize,
}

fn main() {}

use mcp_content::model::Uri;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(name = n))]
    href: Uri,
    n: &'static str,
}

fn main() {}

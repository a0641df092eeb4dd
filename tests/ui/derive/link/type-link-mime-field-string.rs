use mcp_content::Uri;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(mime = m))]
    href: Uri,
    m: String,
}

fn main() {}

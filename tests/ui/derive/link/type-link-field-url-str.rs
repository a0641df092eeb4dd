use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link)]
    href: &'static str,
}

fn main() {}

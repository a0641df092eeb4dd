use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link)]
    href: Option<String>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(name = "x"))]
    a: Option<mcp_content::Uri>,
    #[content(link(name = "x"))]
    b: mcp_content::Uri,
}

fn main() {}

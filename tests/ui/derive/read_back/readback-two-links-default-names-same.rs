use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(name = "b"))]
    a: Vec<mcp_content::Uri>,
    #[content(link)]
    b: mcp_content::Uri,
}

fn main() {}

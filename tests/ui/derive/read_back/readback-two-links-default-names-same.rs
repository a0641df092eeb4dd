use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(name = "b"))]
    a: Vec<mcp_content::model::Uri>,
    #[content(link)]
    b: mcp_content::model::Uri,
}

fn main() {}

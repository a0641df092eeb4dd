use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(name = "x"))]
    a: Option<mcp_content::model::Uri>,
    #[content(link(name = "x"))]
    b: mcp_content::model::Uri,
}

fn main() {}

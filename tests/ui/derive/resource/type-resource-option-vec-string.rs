use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a"))]
    a: Option<Vec<String>>,
}

fn main() {}

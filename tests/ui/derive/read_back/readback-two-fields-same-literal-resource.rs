use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a"))]
    a: Option<String>,
    #[content(resource(uri = "file:///a"))]
    b: String,
}

fn main() {}

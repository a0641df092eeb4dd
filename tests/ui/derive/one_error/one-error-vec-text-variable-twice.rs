use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{tags}/a"))]
    a: String,
    #[content(resource(uri = "file:///b/{tags}"))]
    b: String,
    tags: Vec<String>,
}

fn main() {}

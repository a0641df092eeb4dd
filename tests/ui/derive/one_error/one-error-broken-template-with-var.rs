use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{name"))]
    body: String,
    name: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = ""))]
    body: String,
}

fn main() {}

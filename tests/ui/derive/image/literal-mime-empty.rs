use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", mime = ""))]
    body: String,
}

fn main() {}

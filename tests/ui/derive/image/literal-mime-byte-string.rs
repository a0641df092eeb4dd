use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", mime = b"text/plain"))]
    body: String,
}

fn main() {}

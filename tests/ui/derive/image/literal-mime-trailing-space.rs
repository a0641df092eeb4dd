use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", mime = "text/plain "))]
    body: String,
}

fn main() {}

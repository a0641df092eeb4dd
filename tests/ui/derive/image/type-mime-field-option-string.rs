use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", mime = kind))]
    body: String,
    kind: Option<String>,
}

fn main() {}

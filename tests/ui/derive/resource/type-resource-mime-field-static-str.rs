use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a.txt", mime = kind))]
    body: String,
    kind: &'static str,
}

fn main() {}

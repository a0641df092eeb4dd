use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", blob))]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = r"file:///a{b"))]
    body: String,
}

fn main() {}

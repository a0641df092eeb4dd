use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a b.txt"))]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", text))]
    body: Option<Vec<char>>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", text))]
    body: [u8; 4],
}

fn main() {}

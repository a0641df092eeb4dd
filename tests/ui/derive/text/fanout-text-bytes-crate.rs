use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: bytes::Bytes,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Chunks {
    #[content(text)]
    chunks: Vec<bytes::Bytes>,
}

fn main() {}

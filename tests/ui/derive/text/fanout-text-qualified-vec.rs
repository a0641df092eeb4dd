use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: std::vec::Vec<u8>,
}

fn main() {}

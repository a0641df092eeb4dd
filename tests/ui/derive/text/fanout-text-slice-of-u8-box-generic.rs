use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Box<Vec<u8>>,
}

fn main() {}

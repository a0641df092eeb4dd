use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Option<Box<[u8]>>,
}

fn main() {}

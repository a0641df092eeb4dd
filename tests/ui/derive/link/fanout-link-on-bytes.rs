use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link)]
    body: Vec<u8>,
}

fn main() {}

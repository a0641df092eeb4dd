use mcp_content::Content;

type Bytes = Vec<u8>;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Vec<Bytes>,
}

fn main() {}

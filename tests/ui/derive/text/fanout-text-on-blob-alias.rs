use mcp_content::Content;

type Blob = Vec<u8>;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Blob,
}

fn main() {}

use mcp_content::Content;

type Blob = Box<[u8]>;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Option<Blob>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S<M> {
    #[content(image(mime = m))]
    a: Vec<u8>,
    m: M,
}

fn main() {}

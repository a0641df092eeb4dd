use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = kind))]
    a: Vec<u8>,
    #[content(audio(mime = kind))]
    b: Vec<u8>,
    kind: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = "image/png")]
    a: Vec<u8>,
    #[content(text)]
    b: String,
}

fn main() {}

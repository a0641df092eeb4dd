use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image)]
    png: Vec<u8>,
    #[content(text)]
    caption: String,
}

fn main() {}

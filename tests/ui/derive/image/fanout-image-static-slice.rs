use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = "image/png"))]
    body: &'static [u8],
}

fn main() {}

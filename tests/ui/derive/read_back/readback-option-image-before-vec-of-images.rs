use mcp_content::Content;

#[derive(Content)]
struct Gallery {
    #[content(image(mime = "image/png"))]
    cover: Option<Vec<u8>>,
    #[content(image(mime = "image/png"))]
    pages: Vec<Vec<u8>>,
}

fn main() {}

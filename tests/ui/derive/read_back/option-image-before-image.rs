use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(image(mime = "image/png"))]
    thumbnail: Option<Vec<u8>>,
    #[content(image(mime = "image/png"))]
    chart: Vec<u8>,
}

fn main() {}

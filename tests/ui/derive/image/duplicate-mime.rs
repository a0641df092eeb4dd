use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(image(mime = "image/png", mime = "image/jpeg"))]
    chart: Vec<u8>,
}

fn main() {}

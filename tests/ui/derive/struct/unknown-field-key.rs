use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(imgae(mime = "image/png"))]
    chart: Vec<u8>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(image(mime = "text/plain"))]
    chart: Vec<u8>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(image(mime = "image/png"))]
    chart: String,
}

fn main() {}

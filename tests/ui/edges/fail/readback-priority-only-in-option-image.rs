use mcp_content::Content;
use mcp_content::model::Priority;

#[derive(Content)]
struct Chart {
    #[content(image(mime = "image/png"), annotations(priority = weight))]
    chart: Option<Vec<u8>>,
    weight: Priority,
}

fn main() {}

use mcp_content::{Content, model::Priority};

#[derive(Content)]
struct Chart {
    #[content(image(mime = "image/png"), annotations(priority = weight))]
    chart: Option<Vec<u8>>,
    weight: Priority,
}

fn main() {}

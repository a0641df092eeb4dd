use mcp_content::{Content, model::MimeType};

#[derive(Content)]
struct Picture {
    #[content(image(mime = format))]
    data: Vec<u8>,
    #[content(skip)]
    format: MimeType,
}

fn main() {}

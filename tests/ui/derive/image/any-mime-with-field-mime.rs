use mcp_content::{Content, model::MimeType};

#[derive(Content)]
struct Photo {
    #[content(image(mime = kind, any_mime))]
    picture: Vec<u8>,
    kind: MimeType,
}

fn main() {}

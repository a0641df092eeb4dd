use mcp_content::Content;
use mcp_content::model::MimeType;

#[derive(Content)]
struct Photo {
    #[content(image(mime = kind, any_mime))]
    picture: Vec<u8>,
    kind: MimeType,
}

fn main() {}

use mcp_content::model::MimeType;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = kind))]
    png: Vec<u8>,
    kind: Option<MimeType>,
}

fn main() {}

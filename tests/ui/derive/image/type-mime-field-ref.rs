use mcp_content::model::MimeType;
use mcp_content::Content;

#[derive(Content)]
struct S<'a> {
    #[content(image(mime = kind))]
    png: Vec<u8>,
    kind: &'a MimeType,
}

fn main() {}

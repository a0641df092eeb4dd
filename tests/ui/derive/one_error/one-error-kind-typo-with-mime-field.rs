use mcp_content::model::MimeType;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(imag(mime = kind))]
    png: Vec<u8>,
    kind: MimeType,
}

fn main() {}

use mcp_content::model::MimeType;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = kindd))]
    png: Vec<u8>,
    kind: MimeType,
}

fn main() {}

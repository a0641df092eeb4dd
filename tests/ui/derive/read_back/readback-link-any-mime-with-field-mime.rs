use mcp_content::{Content, model::{MimeType, Uri}};

#[derive(Content)]
struct Attachment {
    #[content(link(name = "doc", mime = kind, any_mime))]
    doc: Uri,
    kind: MimeType,
}

fn main() {}

use mcp_content::Content;
use mcp_content::model::{MimeType, Uri};

#[derive(Content)]
struct Attachment {
    #[content(link(name = "doc", mime = kind, any_mime))]
    doc: Uri,
    kind: MimeType,
}

fn main() {}

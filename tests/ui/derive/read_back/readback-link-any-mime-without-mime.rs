use mcp_content::{Content, model::Uri};

// `any_mime` relaxes a literal `mime` on read: a link without `mime` already reads any type.
#[derive(Content)]
struct Attachment {
    #[content(link(name = "doc", any_mime))]
    doc: Uri,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Attachment {
    #[content(text)]
    body: Option<Vec<u8>>,
}

fn main() {}

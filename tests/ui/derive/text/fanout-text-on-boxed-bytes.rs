use mcp_content::Content;

#[derive(Content)]
struct Attachment {
    #[content(text)]
    body: Box<[u8]>,
}

fn main() {}

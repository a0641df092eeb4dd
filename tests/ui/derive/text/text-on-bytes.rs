use mcp_content::Content;

#[derive(Content)]
struct Upload {
    #[content(text)]
    data: Vec<u8>,
}

fn main() {}

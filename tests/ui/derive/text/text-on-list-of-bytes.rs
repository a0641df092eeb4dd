use mcp_content::Content;

#[derive(Content)]
struct Uploads {
    #[content(text)]
    files: Vec<Vec<u8>>,
}

fn main() {}

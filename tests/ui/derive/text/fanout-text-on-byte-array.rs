use mcp_content::Content;

#[derive(Content)]
struct Digest {
    #[content(text)]
    sha: [u8; 32],
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(audio(mime = "image/png"))]
    clip: Vec<u8>,
}

fn main() {}

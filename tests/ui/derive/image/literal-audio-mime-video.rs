use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(audio(mime = "video/mp4"))]
    body: Vec<u8>,
}

fn main() {}

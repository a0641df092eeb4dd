use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(audio(mime = "audio/wav"))]
    body: Vec<[u8; 4]>,
}

fn main() {}

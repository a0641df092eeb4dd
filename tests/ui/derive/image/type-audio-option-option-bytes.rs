use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(audio(mime = "audio/wav"))]
    clip: Option<Option<Vec<u8>>>,
}

fn main() {}

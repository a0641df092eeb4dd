use mcp_content::Content;

#[derive(Content)]
enum E {
    Clip(#[content(audio(mime = _1))] Vec<u8>, Option<String>),
}

fn main() {}

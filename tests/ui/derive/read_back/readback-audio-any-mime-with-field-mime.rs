use mcp_content::{Content, model::MimeType};

// A MIME type taken from a field reads any type already: `any_mime` there says nothing.
#[derive(Content)]
struct Clip {
    #[content(audio(mime = clip_type, any_mime))]
    clip: Vec<u8>,
    clip_type: MimeType,
}

fn main() {}

use mcp_content::Content;

struct Opaque;

#[derive(Content)]
enum Reply {
    Picture(#[content(image(mime = "image/png"))] Vec<u8>),
    Odd(#[content(text)] Opaque),
}

fn main() {}

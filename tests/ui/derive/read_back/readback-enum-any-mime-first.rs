use mcp_content::Content;

#[derive(Content)]
enum E {
    Any(#[content(image(mime = "image/png", any_mime))] Vec<u8>),
    Jpeg(#[content(image(mime = "image/jpeg"))] Vec<u8>),
}

fn main() {}

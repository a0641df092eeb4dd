use mcp_content::Content;

// `any_mime` reads an image of any type: it would take the jpeg list's blocks too.
#[derive(Content)]
struct S {
    #[content(image(mime = "image/png", any_mime))]
    any: Vec<Vec<u8>>,
    #[content(image(mime = "image/jpeg"))]
    jpegs: Vec<Vec<u8>>,
}

fn main() {}

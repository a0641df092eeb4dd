use mcp_content::Content;

#[derive(Content)]
struct Photo {
    #[content(image(mime = format))]
    pixels: Vec<u8>,
    format: String,
}

fn main() {}

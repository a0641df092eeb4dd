use mcp_content::Content;

// `any_mime` relaxes a literal `mime` on read; an image needs its `mime` to be written.
#[derive(Content)]
struct Chart {
    #[content(image(any_mime))]
    png: Vec<u8>,
}

fn main() {}

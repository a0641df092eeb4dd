// A misspelled `mime` is one error (with "did you mean"), not also "`image` needs a MIME
// type".

use mcp_content::Content;

#[derive(Content)]
struct Chart {
    #[content(image(mim = "image/png"))]
    png: Vec<u8>,
}

fn main() {}

// A resource without `text` / `blob` takes text for a non-bytes type: a list of a `u8` alias
// would be one text resource per byte.

use mcp_content::Content;

type Byte = u8;

#[derive(Content)]
struct Raw {
    #[content(resource(uri = "file:///raw.bin"))]
    data: Vec<Byte>,
}

fn main() {}

// `Vec<u8>` spelled out is refused under `text`; through an alias of `u8` the macro cannot
// see the byte, and the list would write one text block per byte.

use mcp_content::Content;

type Byte = u8;

#[derive(Content)]
struct Raw {
    #[content(text)]
    data: Vec<Byte>,
}

fn main() {}

// A field two blocks take their priority from (read back from both places, which must agree)
// has the wrong type: one error at the field's type, in the priority's own words.

use mcp_content::Content;

#[derive(Content)]
struct Notes {
    #[content(text, annotations(priority = weight))]
    first: String,
    #[content(text, annotations(priority = weight))]
    second: String,
    weight: f32,
}

fn main() {}

// A template variable of two resources (read back from both URIs, which must agree) whose
// type has `Display` but not `FromStr`: one error at the field's type, never a bound of the
// runtime's read-back slot.

use std::fmt;

use mcp_content::Content;

struct Tag;

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tag")
    }
}

#[derive(Content)]
struct Tagged {
    #[content(resource(uri = "tags://{tag}/list"))]
    list: String,
    #[content(resource(uri = "tags://{tag}/count"))]
    count: String,
    tag: Tag,
}

fn main() {}

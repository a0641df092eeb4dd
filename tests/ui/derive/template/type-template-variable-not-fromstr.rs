// A type that is read back takes a template variable from a field that has `Display` but
// not `FromStr`: one error at the field's type, naming both directions.

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
    tag: Tag,
}

fn main() {}

// A `write_only` type takes a template variable from a field with no `Display`: one error at
// the field's type.

use mcp_content::Content;

struct Tag;

#[derive(Content)]
#[content(write_only)]
struct Tagged {
    #[content(resource(uri = "tags://{tag}/list"))]
    list: String,
    tag: Tag,
}

fn main() {}

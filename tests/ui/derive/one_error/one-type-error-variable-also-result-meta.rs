// A field that is a URI template variable and the result's `_meta` value, of a type with
// neither `Display`/`FromStr` nor serde: one error at the field's type, not one per use.
use mcp_content::Content;

struct Code(u32);

#[derive(Content)]
struct Report {
    #[content(resource(uri = "codes://{code}"))]
    body: String,
    #[content(meta = "com.example/code")]
    code: Code,
}

fn main() {}

// A write-only type's field that is a template variable and a `_meta` value, of a type with
// neither `Display` nor `Serialize`: one error at the field's type.
use mcp_content::Content;

struct Code(u32);

#[derive(Content)]
#[content(write_only)]
struct Report {
    #[content(resource(uri = "codes://{code}"))]
    body: String,
    #[content(meta = "com.example/code")]
    code: Code,
}

fn main() {}

// A field that is a URI template variable and a block's `_meta` value, of a type with
// neither `Display`/`FromStr` nor serde: one error at the field's type.
use mcp_content::Content;

struct Code(u32);

#[derive(Content)]
struct Report {
    #[content(resource(uri = "codes://{code}"), meta("com.example/code" = code))]
    body: String,
    code: Code,
}

fn main() {}

// A literal on the struct and a field's `meta = "…"` for one key of the result's `_meta`:
// the field's value would replace the literal.

use mcp_content::Content;

#[derive(Content)]
#[content(meta("com.example/city" = "Paris"))]
struct Report {
    #[content(text)]
    summary: String,
    #[content(meta = "com.example/city")]
    city: String,
}

fn main() {}

// A template variable that is also a `_meta` value, with `Display` and serde but no
// `FromStr`: one error at the field's type, naming all four conversions.
use std::fmt;

use mcp_content::Content;

#[derive(serde::Serialize, serde::Deserialize)]
struct Code(u32);

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Content)]
struct Report {
    #[content(resource(uri = "codes://{code}"))]
    body: String,
    #[content(meta = "com.example/code")]
    code: Code,
}

fn main() {}

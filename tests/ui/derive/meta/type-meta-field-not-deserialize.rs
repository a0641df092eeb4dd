// A type that is read back places in `_meta` a field that is `Serialize` but not
// `Deserialize`: one error at the field's type.

use mcp_content::Content;

#[derive(serde::Serialize)]
struct Trace {
    id: u64,
}

#[derive(Content)]
struct Traced {
    #[content(text)]
    body: String,
    #[content(meta = "com.example/trace")]
    trace: Option<Trace>,
}

fn main() {}

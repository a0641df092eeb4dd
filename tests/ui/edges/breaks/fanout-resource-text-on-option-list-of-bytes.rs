// BREAK (derive, `diag2`): bytes under `resource(…, text)` behind `Option<Vec<…>>` are not seen as bytes.
// Today: two E0277 errors at `Vec<Box<[u8]>>` in user terms (`DisplayText`, `FromText`), no
// internal path. Should: the one `text-on-bytes` error ("holds bytes: bytes go in …"): the
// bytes check should see through Option/Vec/Box nesting.
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.
use mcp_content::Content;

#[derive(Content)]
struct Files {
    #[content(resource(uri = "file:///{name}", text))]
    files: Option<Vec<Box<[u8]>>>,
    name: String,
}

fn main() {}

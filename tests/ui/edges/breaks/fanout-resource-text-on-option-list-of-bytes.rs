// BREAK (derive, `diag`): bytes under `resource(…, text)` behind `Option<Vec<…>>` are not seen as bytes.
// Today: two E0277 errors naming `__private_0_1::display` and `read_parsed` / `FromText`.
// Should: the one `text-on-bytes` error at the field type ("holds bytes: bytes go in …").
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.

use mcp_content::Content;

#[derive(Content)]
struct Files {
    #[content(resource(uri = "file:///{name}", text))]
    files: Option<Vec<Box<[u8]>>>,
    name: String,
}

fn main() {}

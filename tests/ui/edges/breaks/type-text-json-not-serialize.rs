// BREAK (derive, `diag2`): `text(json)` on a field with no serde form.
// Today: two E0277 errors at the field's type, with notes naming
// the private module's `json_text` and `read_json`. Should: one error at the field's
// type naming a field trait (Serialize + Deserialize), no internal path.
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.

use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Report {
    #[content(text(json))]
    body: Opaque,
}

fn main() {}

// BREAK (derive, `diag2`): a readable `text` field whose type has neither `Display` nor
// `FromStr`. Today: two E0277 errors at the field's type (`DisplayText`, `FromText`), user
// terms. Should: one error naming both directions.
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.

use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Note {
    #[content(text)]
    body: Opaque,
}

fn main() {}

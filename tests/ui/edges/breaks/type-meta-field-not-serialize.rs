// BREAK (derive, `diag`): `meta = "…"` on a field whose type is not `Serialize`.
// Today: three E0277 errors, two spanned at `#[derive(Content)]`, naming
// `__private_0_1::json`, `SourceField` and asking for `Clone`. Should: one error at the
// field's type: a `_meta` value needs `Serialize` (and `DeserializeOwned` to read back).
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.

use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Traced {
    #[content(text)]
    body: String,
    #[content(meta = "com.example/trace")]
    trace: Opaque,
}

fn main() {}

// BREAK (derive, `diag`): a URI-template variable taken from a `Vec<String>` field.
// Today: two E0277 errors, the first spanned at `#[derive(Content)]` and naming
// `__private_0_1::var`. Should: one error at the field's type, in user terms (a template
// variable needs a type written with `Display` and read with `FromStr`).
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.

use mcp_content::Content;

#[derive(Content)]
struct Tagged {
    #[content(resource(uri = "tags://{tags}/list"))]
    list: String,
    tags: Vec<String>,
}

fn main() {}

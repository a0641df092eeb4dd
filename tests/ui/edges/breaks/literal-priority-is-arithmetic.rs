// BREAK (attribute grammar, `diag`): an expression where a literal is needed.
// Today: "expected `,`" at the `+`. Should: "a literal is needed here, not the expression
// `0.5 + 0.25`" spanned at the expression, as for `priority = f64::NAN`.
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.

use mcp_content::Content;

#[derive(Content)]
#[content(annotations(priority = 0.5 + 0.25))]
struct Note {
    #[content(text)]
    body: String,
}

fn main() {}

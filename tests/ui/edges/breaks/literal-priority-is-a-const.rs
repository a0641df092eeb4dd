// BREAK (attribute grammar, `diag`), minor: a path where a literal is needed.
// Today: "no field `HIGH` to take the priority from (a string literal gives a fixed value)";
// a string literal is refused for `priority`, so the hint misleads. Should: say a literal
// is needed (a number from 0 to 1), as `priority = f64::NAN` does.
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.

use mcp_content::Content;

const HIGH: f64 = 0.9;

#[derive(Content)]
struct Note {
    #[content(text, annotations(priority = HIGH))]
    body: String,
}

fn main() {}

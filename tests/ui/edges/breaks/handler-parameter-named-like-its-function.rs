// BREAK (handler macros, `diag`): a parameter named like its function does not compile.
// Today: E0618 "expected function, found `String`" for `fn echo(echo: String)` under
// `#[tool]`, `#[prompt]` and `#[resource]` (the glue calls `echo(...)` where the binding
// `echo` shadows the function). Should: compile and serve (this file should move to pass/).
// Not run: `edges_ui.rs` runs `fail/` and `pass/` only; move it there once fixed.

use mcp_content::{prompt, resource, router, tool};

/// Echoes.
#[tool]
fn echo(echo: String) -> String {
    echo
}

/// Greets.
#[prompt]
fn greeting(greeting: String) -> String {
    greeting
}

/// A page.
#[resource(uri = "pages://{page}")]
fn page(page: String) -> String {
    page
}

fn main() {
    assert!(router! { tools: [echo], prompts: [greeting], resources: [page] }.build().is_ok());
}

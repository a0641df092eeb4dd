#![deny(warnings)] // the macros give the user no warning
// A parameter named like its function compiles and serves under `#[tool]`, `#[prompt]` and
// `#[resource]`: the glue calls the function through an alias bound before the parameters
// (called at run time in `handler_tool.rs` and `handler_prompt_resource.rs`).

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

#![deny(warnings)] // the macros give the user no warning
use mcp_content::{prompt, router, tool};

/// A tool.
#[tool(name = "x")]
fn one() -> String {
    String::new()
}

/// A prompt of the same name: another namespace.
#[prompt(name = "x")]
fn two() -> String {
    String::new()
}

/// Names differ only in case.
#[tool(name = "X")]
fn three() -> String {
    String::new()
}

fn main() {
    let router = router! { tools: [one, three], prompts: [two] }.build().unwrap();
    assert_eq!(router.list_tools().len(), 2);
}

#![deny(warnings)] // the macros give the user no warning
//! A `#[cfg]` written after a handler attribute configures away the function and everything
//! made for it (the compiler applies it first); one configured in is a handler as usual.
use mcp_content::{router, tool};

/// Configured away.
#[tool]
#[cfg(any())]
fn gone(text: String) -> String {
    text
}

/// Configured away.
#[mcp_content::prompt]
#[cfg(any())]
fn gone_prompt() -> String {
    String::new()
}

/// Configured away.
#[mcp_content::resource(uri = "gone://{id}")]
#[cfg(any())]
fn gone_resource(id: u32) -> String {
    id.to_string()
}

/// Configured in.
#[tool]
#[cfg(all())]
fn kept(text: String) -> String {
    text
}

/// The same name as the configured-away tool, in another configuration.
#[tool]
#[cfg(not(any()))]
#[allow(dead_code)]
fn gone_twin() -> String {
    String::new()
}

fn main() {
    let router = router! { tools: [kept] }.build().unwrap();
    assert_eq!(router.list_tools().len(), 1);
    assert_eq!(kept::NAME, "kept");
}

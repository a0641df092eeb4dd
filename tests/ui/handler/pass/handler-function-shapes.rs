#![deny(warnings)] // the macros give the user no warning
//! Function shapes a handler may have: `const fn`, `mut` parameters, a raw-identifier
//! function name, two contexts, paths through `crate::`/`self::` in `router!`, and a
//! re-exported runtime (`crate = …`).

mod framework {
    pub use mcp_content as mcp;
}

use mcp_content::{prompt, resource, router, tool};

/// A const fn.
#[tool]
const fn constant() -> &'static str {
    "c"
}

/// A mut parameter.
#[tool]
fn mutate(mut text: String) -> String {
    text.push('!');
    text
}

/// A raw-identifier function name: the tool `type`.
#[tool]
fn r#type() -> String {
    String::new()
}

/// Through a re-export.
#[tool(crate = "crate::framework::mcp")]
fn reexported(n: u8) -> String {
    n.to_string()
}

/// A prompt through a re-export.
#[prompt(crate = "crate::framework::mcp")]
fn reprompt(topic: Option<String>) -> String {
    topic.unwrap_or_default()
}

/// A resource through a re-export.
#[resource(uri = "re://{id}", crate = "crate::framework::mcp")]
fn reresource(id: u32) -> String {
    id.to_string()
}

mod inner {
    /// In a module.
    #[mcp_content::tool]
    pub fn nested() -> String {
        String::new()
    }
}

fn main() {
    assert_eq!(r#type::NAME, "type");
    let router = router! {
        tools: [constant, mutate, r#type, reexported, crate::inner::nested],
        prompts: [reprompt],
        resources: [reresource],
        crate = framework::mcp,
    };
    let router = router.build().unwrap();
    let names: Vec<String> = router.list_tools().into_iter().map(|t| t.name.to_string()).collect();
    assert_eq!(names, ["constant", "mutate", "type", "reexported", "nested"]);
}

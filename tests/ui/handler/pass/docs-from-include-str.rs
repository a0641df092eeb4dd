#![deny(warnings)] // the macros give the user no warning
use mcp_content::{router, tool};

#[doc = include_str!("../include-doc.md")]
#[tool]
fn hi() -> String {
    String::new()
}

fn main() {
    let router = router! { tools: [hi] }.build().unwrap();
    let description = router.list_tools()[0].description.clone().unwrap();
    assert_eq!(description.trim(), "Says hi, from a file.");
}

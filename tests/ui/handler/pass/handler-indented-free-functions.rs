#![deny(warnings)] // the macros give the user no warning
// Handlers that are indented but free (in a module, in a function body, after braces in
// strings, comments and character literals) are not mistaken for associated functions.

use mcp_content::{router, tool};

const TRAP: &str = "impl Tools {";
const BRACE: char = '{';
// impl Comment {
/* impl Block { /* nested } */ */
const RAW: &str = r#"impl Raw { "#;

struct Tools;

impl Tools {
    fn helper() -> &'static str {
        "}"
    }
}

mod inner {
    use mcp_content::tool;

    /// Echoes in a module.
    #[tool]
    pub fn nested(text: String) -> String {
        text
    }
}

fn build() -> mcp_content::Router {
    /// Echoes in a function body.
    #[tool]
    fn local(text: String) -> String {
        text
    }
    router! { tools: [local] }.build().unwrap()
}

fn main() {
    use inner::nested;
    let router = router! { tools: [nested] }.build().unwrap();
    assert_eq!(router.list_tools()[0].name, "nested");
    assert_eq!(build().list_tools()[0].name, "local");
    let _ = (TRAP, BRACE, RAW, Tools::helper());
}

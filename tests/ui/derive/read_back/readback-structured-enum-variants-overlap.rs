use mcp_content::Content;
use serde::{Deserialize, Serialize};

// A structured enum is read from its blocks too (compared with `structuredContent`): a variant
// whose blocks an earlier variant reads could never be read back, structured or not.
#[derive(Content, Serialize, Deserialize, schemars::JsonSchema)]
#[content(structured)]
enum Reading {
    Celsius(#[content(text)] f64),
    Label(#[content(text)] String),
}

fn main() {}

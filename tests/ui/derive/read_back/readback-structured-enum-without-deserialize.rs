use mcp_content::Content;
use serde::Serialize;

// A structured enum that reads back needs `Deserialize`: one error, at `structured`.
#[derive(Content, Serialize, schemars::JsonSchema)]
#[content(structured)]
enum Reading {
    Celsius {
        #[content(text)]
        label: String,
        degrees: f64,
    },
}

fn main() {}

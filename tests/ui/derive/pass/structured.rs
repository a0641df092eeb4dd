#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoCallToolResult, StructuredOutput};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `structured`: `structuredContent` plus its JSON as a text block, and an output schema.
#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
#[content(structured)]
struct Weather {
    #[content(text)]
    summary: String,
    temperature: f64,
}

/// `structured(no_text)`: no JSON text block.
#[derive(Content, Serialize, JsonSchema)]
#[content(structured(no_text), write_only)]
struct Quiet {
    #[content(skip)]
    value: u32,
}

fn main() {
    let result = Weather { summary: "s".into(), temperature: 1.0 }.into_call_tool_result();
    let _ = Weather::from_call_tool_result(&result);
    let _ = Weather::output_schema();
    let _ = Quiet { value: 1 }.into_call_tool_result();
    let _ = Quiet::output_schema();
}

#![deny(warnings)] // the macros give the user no warning
//! A tool with a hand-written `input_schema`: its parameter types are read with serde and
//! need no `JsonSchema`.

use mcp_content::serde_json::{Map, Value, json};
use mcp_content::{handler::ToolHandler, tool};

#[derive(serde::Deserialize)]
struct City {
    name: String,
}

fn city_schema() -> Map<String, Value> {
    let schema = json!({"type": "object", "properties": {"city": {"type": "object"}}});
    schema.as_object().cloned().unwrap_or_default()
}

/// Gets the weather.
#[tool(input_schema = city_schema)]
fn weather(city: City) -> String {
    city.name
}

fn main() {
    let tool = weather {}.tool();
    assert_eq!(tool.input_schema.to_map(), city_schema());
}

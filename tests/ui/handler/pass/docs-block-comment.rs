#![deny(warnings)] // the macros give the user no warning
//! A block doc comment with its lines starred reads as rustdoc shows it: the description
//! without stars, the `# Arguments` entries applied.
use mcp_content::{router, tool};

/**
 * Greets someone.
 *
 * # Arguments
 *
 * * `name` - Who to greet.
 */
#[tool]
fn greet(name: String) -> String {
    name
}

/** Waves, on one line. */
#[tool]
fn wave() -> String {
    String::new()
}

fn main() {
    let router = router! { tools: [greet, wave] }.build().unwrap();
    let tools = router.list_tools();
    assert_eq!(tools[0].description.as_deref(), Some("Greets someone."));
    let schema = serde_json::to_value(&tools[0].input_schema).unwrap();
    assert_eq!(schema["properties"]["name"]["description"], "Who to greet.", "{schema}");
    assert_eq!(tools[1].description.as_deref(), Some("Waves, on one line."));
}

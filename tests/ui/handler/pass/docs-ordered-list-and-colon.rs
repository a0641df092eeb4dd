#![deny(warnings)] // the macros give the user no warning
//! `# Arguments:` (with a colon) is the section, and an ordered list's items are its entries:
//! their descriptions reach the input schema and the prompt's arguments; a name in bold is
//! the name.
use mcp_content::{prompt, router, tool};

/// Looks up the weather.
///
/// # Arguments:
///
/// 1. `city` - The city.
/// 2) days: How many days.
#[tool]
fn weather(city: String, days: u8) -> String {
    format!("{city} {days}")
}

/// Greets.
///
/// # Arguments
///
/// 1. **name** - Who to greet.
#[prompt]
fn greet(name: String) -> String {
    name
}

fn main() {
    let router = router! { tools: [weather], prompts: [greet] }.build().unwrap();
    let tool = &router.list_tools()[0];
    assert_eq!(tool.description.as_deref(), Some("Looks up the weather."));
    let schema = serde_json::to_value(&tool.input_schema).unwrap();
    assert_eq!(schema["properties"]["city"]["description"], "The city.", "{schema}");
    assert_eq!(schema["properties"]["days"]["description"], "How many days.", "{schema}");
    let prompt = &router.list_prompts()[0];
    let arguments = prompt.arguments.as_ref().unwrap();
    assert_eq!(arguments[0].description.as_deref(), Some("Who to greet."));
}

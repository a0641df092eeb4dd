#![deny(warnings)] // the macros give the user no warning
use mcp_content::{prompt, resource, router, tool, Context};

/// Does many things.
///
/// # Arguments
///
/// * `a` - first
/// - `b`: second
/// * c - third
/// - d: fourth
/// * `type` – fifth, en dash
/// * `r#match` - sixth, raw spelled
/// * `dx` - under its Rust name
/// * `wire` - under its wire name
/// * `context` - the request (not an argument, documenting it is fine)
/// * `mode` - how:
///   - `fast`: quickly
///   - `slow`: carefully
///
/// continues the mode entry.
///
/// # Examples
///
/// ```
/// # let x = 1;
/// ```
#[tool]
#[allow(clippy::too_many_arguments)]
fn many(
    a: u8,
    b: u8,
    c: u8,
    d: u8,
    r#type: String,
    r#match: String,
    #[arg(name = "delta")] dx: i64,
    #[arg(name = "wire")] rust: i64,
    mode: String,
    context: &Context,
) -> String {
    let _ = (a, b, c, d, r#type, r#match, dx, rust, mode, context);
    String::new()
}

/// A prompt.
///
/// # Arguments
/// - topic: the topic
/// - `r#type`: the kind
#[prompt]
fn haiku(topic: String, r#type: Option<String>) -> String {
    format!("{topic} {:?}", r#type)
}

/// A resource.
///
/// # Arguments
/// * `type` - the kind
/// * day - the day
#[resource(uri = "logs://{type}/{day}")]
fn logs(r#type: String, day: String) -> String {
    format!("{} {day}", r#type)
}

fn main() {
    let router = router! { tools: [many], prompts: [haiku], resources: [logs] }.build().unwrap();
    let schema = serde_json::to_value(&router.list_tools()[0].input_schema).unwrap();
    let p = &schema["properties"];
    assert_eq!(p["a"]["description"], "first", "{schema}");
    assert_eq!(p["b"]["description"], "second", "{schema}");
    assert_eq!(p["c"]["description"], "third", "{schema}");
    assert_eq!(p["d"]["description"], "fourth", "{schema}");
    assert_eq!(p["type"]["description"], "fifth, en dash", "{schema}");
    assert_eq!(p["match"]["description"], "sixth, raw spelled", "{schema}");
    assert_eq!(p["delta"]["description"], "under its Rust name", "{schema}");
    assert_eq!(p["wire"]["description"], "under its wire name", "{schema}");
    let mode = p["mode"]["description"].as_str().unwrap();
    assert!(mode.starts_with("how:"), "{mode}");
    assert!(mode.contains("`fast`: quickly"), "{mode}");
    assert!(mode.contains("continues the mode entry"), "{mode}");
    let description = router.list_tools()[0].description.clone().unwrap();
    assert!(description.starts_with("Does many things."), "{description}");
    assert!(description.contains("# Examples"), "{description}");
    assert!(!description.contains("Arguments"), "{description}");
    let prompt = &router.list_prompts()[0];
    let arguments = prompt.arguments.as_ref().unwrap();
    assert_eq!(arguments[0].description.as_deref(), Some("the topic"));
    assert_eq!(arguments[1].description.as_deref(), Some("the kind"));
}

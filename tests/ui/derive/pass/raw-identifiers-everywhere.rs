#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, IntoCallToolResult, FromContent, prompt, resource, router, tool};

/// A derived type: raw identifiers as a template variable and as a `_meta` source.
#[derive(Content, Debug, PartialEq)]
struct Found {
    #[content(resource(uri = "items://{match}/{loop}", mime = "text/plain"))]
    body: String,
    #[content(meta = "com.example/kind")]
    r#type: String,
    r#match: String,
    r#loop: u32,
}

/// Finds an item.
///
/// # Arguments
/// * `type` - the kind
/// * `match` - the pattern
#[tool]
fn find(r#type: String, r#match: Option<String>) -> Found {
    Found { body: String::new(), r#type, r#match: r#match.unwrap_or_default(), r#loop: 1 }
}

/// A prompt with a raw-identifier argument.
#[prompt]
fn explain(r#fn: String) -> String {
    r#fn
}

/// An item by kind.
#[resource(uri = "kinds://{type}/{+where}")]
fn kind(r#type: String, r#where: String) -> String {
    format!("{type}{where}", type = r#type, where = r#where)
}

fn main() {
    let router = router! { tools: [find], prompts: [explain], resources: [kind] }.build().unwrap();
    let schema = serde_json::to_value(&router.list_tools()[0].input_schema).unwrap();
    assert!(schema["properties"]["type"].is_object(), "{schema}");
    assert!(schema["properties"]["match"].is_object(), "{schema}");
    assert_eq!(schema["required"], serde_json::json!(["type"]), "{schema}");
    let prompts = router.list_prompts();
    assert_eq!(prompts[0].arguments.as_ref().unwrap()[0].name, "fn");
    let found = Found { body: "b".into(), r#type: "t".into(), r#match: "m".into(), r#loop: 2 };
    let result = found.into_call_tool_result();
    let json = serde_json::to_string(&result).unwrap();
    assert!(json.contains("items://m/2"), "{json}");
    assert!(json.contains(r#""com.example/kind":"t""#), "{json}");
    let back = Found::from_call_tool_result(&result).unwrap();
    assert_eq!(back.r#loop, 2);
}

#![deny(warnings)] // the macros give the user no warning
use mcp_content::{prompt, resource, router, tool, Context};

/// Case matters in JSON: `A` and `a` are two arguments.
#[tool]
#[allow(non_snake_case)]
fn cased(A: i64, a: i64) -> String {
    (A - a).to_string()
}

/// A context parameter is no argument: a rename onto its name is free.
#[tool]
fn named(#[arg(name = "context")] value: String, context: &Context) -> String {
    let _ = context;
    value
}

/// Swapped renames are two distinct names.
#[tool]
fn swapped(#[arg(name = "b")] a: i64, #[arg(name = "a")] b: i64) -> String {
    (a - b).to_string()
}

/// A prompt whose arguments differ only in case.
#[prompt]
#[allow(non_snake_case)]
fn cased_prompt(Topic: String, topic: Option<String>) -> String {
    format!("{Topic} {topic:?}")
}

/// A renamed template variable.
#[resource(uri = "logs://{date}/{Date}")]
fn logs(#[arg(name = "date")] day: String, #[arg(name = "Date")] other: String, context: Context) -> String {
    let _ = context;
    format!("{day} {other}")
}

fn main() {
    let router = router! { tools: [cased, named, swapped], prompts: [cased_prompt], resources: [logs] }
        .build()
        .unwrap();
    let tools = router.list_tools();
    let schema = serde_json::to_value(&tools[0].input_schema).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["A", "a"]), "{schema}");
    let schema = serde_json::to_value(&tools[1].input_schema).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["context"]), "{schema}");
    let schema = serde_json::to_value(&tools[2].input_schema).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["b", "a"]), "{schema}");
    let prompts = router.list_prompts();
    let arguments = prompts[0].arguments.as_ref().unwrap();
    assert_eq!(arguments[0].name, "Topic");
    assert_eq!(arguments[1].name, "topic");
}

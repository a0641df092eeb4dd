#![deny(warnings)] // the macros give the user no warning
//! An `extern "C"` function is an ordinary handler; `Option` parameters are not required,
//! others are (a `serde_json::Value` parameter too: an absent one is not `null`).
use mcp_content::{router, tool};

/// With a foreign ABI.
#[tool]
#[allow(improper_ctypes_definitions)]
extern "C" fn foreign(a: u32, b: Option<u32>) -> String {
    (a + b.unwrap_or_default()).to_string()
}

/// Every kind of argument.
#[tool]
fn mixed(
    value: serde_json::Value,
    maybe: Option<String>,
    nested: Option<Option<u8>>,
    list: Vec<u8>,
    mut count: u8,
) -> String {
    count += 1;
    format!("{value} {maybe:?} {nested:?} {list:?} {count}")
}

fn main() {
    let router = router! { tools: [foreign, mixed] }.build().unwrap();
    let tools = router.list_tools();
    let schema = serde_json::to_value(&tools[0].input_schema).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["a"]), "{schema}");
    let schema = serde_json::to_value(&tools[1].input_schema).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["value", "list", "count"]), "{schema}");
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let serde_json::Value::Object(arguments) = serde_json::json!({ "a": 2, "b": 3 }) else {
        unreachable!()
    };
    let result = runtime
        .block_on(router.call_tool("foreign", Some(arguments), mcp_content::Context::default()))
        .unwrap();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["content"][0]["text"], "5", "{json}");
    let serde_json::Value::Object(arguments) = serde_json::json!({ "list": [1], "count": 1 }) else {
        unreachable!()
    };
    let result = runtime
        .block_on(router.call_tool("mixed", Some(arguments), mcp_content::Context::default()))
        .unwrap();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["isError"], true, "{json}");
    assert!(json["content"][0]["text"].as_str().unwrap().contains("`value`"), "{json}");
}

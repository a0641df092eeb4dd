#![deny(warnings)] // the macros give the user no warning
//! Parameters named like the locals of the generated code do not collide with them.
#![allow(non_snake_case)]

use mcp_content::{Context, prompt, resource, router, tool};

/// Takes parameters named like generated locals.
#[tool]
fn locals(
    __arguments: String,
    __value: u8,
    __function: Option<String>,
    __context: Option<bool>,
    __p: Option<u8>,
    context: &Context,
) -> String {
    let _ = context;
    format!("{__arguments} {__value} {__function:?} {__context:?} {__p:?}")
}

/// Takes parameters named like the generated locals themselves (`__mcp_…`): those are then
/// named apart again.
#[tool]
fn mcp_locals(
    __mcp_arguments: String,
    __mcp_value: u8,
    __mcp_function: u8,
    __mcp_context: u8,
    context: &Context,
) -> String {
    let _ = context;
    format!("{__mcp_arguments} {__mcp_value} {__mcp_function} {__mcp_context}")
}

/// A prompt with such names.
#[prompt]
fn prompt_locals(__arguments: String, __value: Option<String>, __function: Option<String>) -> String {
    format!("{__arguments} {__value:?} {__function:?}")
}

/// A resource with such names.
#[resource(uri = "x://{__variables}/{__uri}/{__mime}{?__value}")]
fn resource_locals(__variables: String, __uri: String, __mime: String, __value: Option<u8>) -> String {
    format!("{__variables} {__uri} {__mime} {__value:?}")
}

fn main() {
    let router = router! { tools: [locals, mcp_locals], prompts: [prompt_locals], resources: [resource_locals] }
        .build()
        .unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let serde_json::Value::Object(arguments) = serde_json::json!({
        "__arguments": "a", "__value": 1, "__function": "f", "__context": true, "__p": 2
    }) else {
        unreachable!()
    };
    let result = runtime
        .block_on(router.call_tool("locals", Some(arguments), Context::default()))
        .unwrap();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["content"][0]["text"], r#"a 1 Some("f") Some(true) Some(2)"#, "{json}");
    let serde_json::Value::Object(arguments) = serde_json::json!({
        "__mcp_arguments": "b", "__mcp_value": 1, "__mcp_function": 2, "__mcp_context": 3
    }) else {
        unreachable!()
    };
    let result = runtime
        .block_on(router.call_tool("mcp_locals", Some(arguments), Context::default()))
        .unwrap();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["content"][0]["text"], "b 1 2 3", "{json}");
    let read = runtime
        .block_on(router.read_resource("x://v/u/m?__value=3", Context::default()))
        .unwrap();
    let json = serde_json::to_value(&read).unwrap();
    assert_eq!(json["contents"][0]["text"], "v u m Some(3)", "{json}");
}

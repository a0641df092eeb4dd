//! Raw identifiers (`r#type`, `r#match`, `r#loop`) as `#[tool]` argument names, `#[prompt]`
//! arguments and `#[resource]` template variables: listed under their unraw names (`type`),
//! and calls through the router bind the values to the right parameters.
#![allow(
    clippy::uninlined_format_args,
    reason = "clippy would inline raw identifiers (`{r#type}`), which format strings refuse"
)]

use std::future::Future;
use std::pin::pin;
use std::task::{Poll, Waker};

use mcp_content::model::{GetPromptResult, ReadResourceResult, ResourceContents};
use mcp_content::{CallToolResult, ContentBlock, Context, Router, prompt, resource, router, tool};
use serde_json::{Map, Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = std::task::Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut cx) {
            return value;
        }
    }
}

fn args(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// Filters items.
///
/// # Arguments
/// * `type` - the kind
/// * `r#match` - the pattern
#[tool]
fn filter(
    r#type: String,
    r#match: Option<String>,
    #[arg(name = "loop")] times: Option<u32>,
) -> String {
    format!(
        "type={kind} match={pattern:?} loop={times:?}",
        kind = r#type,
        pattern = r#match
    )
}

/// A raw identifier renamed: the wire name is the rename's.
#[tool]
async fn renamed(#[arg(name = "kind")] r#type: String, r#fn: u8) -> String {
    format!("kind={kind} fn={f}", kind = r#type, f = r#fn)
}

/// Explains a keyword.
///
/// # Arguments
/// - `r#fn`: the keyword
#[prompt]
fn explain(r#fn: String, r#where: Option<String>) -> String {
    format!("fn={f} where={place:?}", f = r#fn, place = r#where)
}

/// An item by kind.
#[resource(uri = "kinds://{type}/{match}{?loop}", mime = "text/plain")]
fn kind(r#type: String, r#match: String, r#loop: Option<u32>) -> String {
    format!(
        "type={kind} match={pattern} loop={times:?}",
        kind = r#type,
        pattern = r#match,
        times = r#loop
    )
}

/// A fixed resource beside the template.
#[resource(uri = "kinds://all")]
fn all() -> String {
    "all".to_owned()
}

fn router() -> Router {
    router! { tools: [filter, renamed], prompts: [explain], resources: [kind, all] }
        .build()
        .unwrap()
}

fn call(router: &Router, name: &str, arguments: Value) -> CallToolResult {
    block_on(router.call_tool(name, Some(args(arguments)), Context::default())).unwrap()
}

fn text_of(result: &CallToolResult) -> String {
    assert_ne!(result.is_error, Some(true), "{result:?}");
    match &result.content[0] {
        ContentBlock::Text(text) => text.text.clone(),
        other => panic!("not text: {other:?}"),
    }
}

fn prompt_text(result: &GetPromptResult) -> String {
    let json = serde_json::to_value(result).unwrap();
    json["messages"][0]["content"]["text"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn resource_text(result: &ReadResourceResult) -> String {
    match &result.contents[0] {
        ResourceContents::Text(text) => text.text.clone(),
        other @ ResourceContents::Blob(_) => panic!("not text: {other:?}"),
    }
}

#[test]
fn tool_schema_lists_raw_identifiers_unraw() {
    let router = router();
    let tools = router.list_tools();
    let schema = serde_json::to_value(&tools[0].input_schema).unwrap();
    let mut names: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    names.sort();
    assert_eq!(names, ["loop", "match", "type"], "{schema}");
    assert_eq!(schema["required"], json!(["type"]));
    assert_eq!(schema["properties"]["type"]["description"], "the kind");
    assert_eq!(schema["properties"]["match"]["description"], "the pattern");
    assert!(!schema.to_string().contains("r#"), "{schema}");
    let schema = serde_json::to_value(&tools[1].input_schema).unwrap();
    assert_eq!(schema["required"], json!(["kind", "fn"]), "{schema}");
}

#[test]
fn tool_call_binds_raw_identifiers() {
    let router = router();
    let result = call(
        &router,
        "filter",
        json!({"type": "a", "match": "b*", "loop": 3}),
    );
    assert_eq!(text_of(&result), r#"type=a match=Some("b*") loop=Some(3)"#);
    let result = call(&router, "filter", json!({"type": "a"}));
    assert_eq!(text_of(&result), "type=a match=None loop=None");
    let result = call(&router, "renamed", json!({"kind": "k", "fn": 7}));
    assert_eq!(text_of(&result), "kind=k fn=7");
}

#[test]
fn tool_call_refuses_the_raw_spelling() {
    let router = router();
    let result = call(&router, "filter", json!({"r#type": "a"}));
    assert_eq!(result.is_error, Some(true));
    let json = serde_json::to_string(&result).unwrap();
    assert!(json.contains("`type`"), "{json}");
    assert!(json.contains("r#type"), "{json}");
    // A renamed raw identifier is read under its rename only.
    let result = call(&router, "renamed", json!({"type": "k", "fn": 7}));
    assert_eq!(result.is_error, Some(true));
}

#[test]
fn prompt_arguments_are_unraw() {
    let router = router();
    let prompts = router.list_prompts();
    let arguments = prompts[0].arguments.as_ref().unwrap();
    assert_eq!(arguments[0].name, "fn");
    assert_eq!(arguments[0].description.as_deref(), Some("the keyword"));
    assert_eq!(arguments[0].required, Some(true));
    assert_eq!(arguments[1].name, "where");
    assert_eq!(arguments[1].required, Some(false));
    let result = block_on(router.get_prompt(
        "explain",
        Some(args(json!({"fn": "x", "where": "here"}))),
        Context::default(),
    ))
    .unwrap();
    assert_eq!(prompt_text(&result), r#"fn=x where=Some("here")"#);
    let missing = block_on(router.get_prompt(
        "explain",
        Some(args(json!({"r#fn": "x"}))),
        Context::default(),
    ));
    let error = missing.unwrap_err().to_string();
    assert!(error.contains("`fn`"), "{error}");
}

#[test]
fn template_variables_are_unraw() {
    let router = router();
    let templates = router.list_resource_templates();
    assert_eq!(
        templates[0].uri_template.as_str(),
        "kinds://{type}/{match}{?loop}"
    );
    let result =
        block_on(router.read_resource("kinds://tool/a%20b?loop=2", Context::default())).unwrap();
    assert_eq!(resource_text(&result), "type=tool match=a b loop=Some(2)");
    let result = block_on(router.read_resource("kinds://tool/x", Context::default())).unwrap();
    assert_eq!(resource_text(&result), "type=tool match=x loop=None");
    let result = block_on(router.read_resource("kinds://all", Context::default())).unwrap();
    assert_eq!(resource_text(&result), "all");
}

#[test]
fn generated_constants_and_functions_keep_working() {
    assert_eq!(filter::NAME, "filter");
    assert_eq!(kind::URI, "kinds://{type}/{match}{?loop}");
    assert_eq!(
        filter("t".into(), None, None),
        "type=t match=None loop=None"
    );
}

//! `#[tool]` end to end: descriptors (name, description, input and output schemas,
//! annotations, icons, `_meta`), every supported return type as exact `CallToolResult` JSON
//! validated against the official schemas of all three versions, `structuredContent`
//! validated against the generated output schema, and argument errors.

// Some handlers are `async` without awaiting on purpose: they test the async path.
#![allow(clippy::unused_async)]

use std::future::Future;
use std::pin::pin;
use std::task::{Poll, Waker};

use mcp_content::__private_0_1::schemars;
use mcp_content::handler::ToolHandler;
use mcp_content::model::Meta;
use mcp_content::{
    CallToolResult, Content, ContentBlock, Context, ProtocolVersion, Router, SerializeFor, tool,
};
use mcp_content_tests::{VERSIONS, assert_valid};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// Runs a future that never waits on I/O (every handler here) to completion.
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

fn call(handler: &impl ToolHandler, arguments: Value) -> CallToolResult {
    block_on(handler.call(args(arguments), Context::default()))
}

/// The result's JSON for every version, each validated against that version's schema.
fn wire(result: &CallToolResult) -> Vec<Value> {
    VERSIONS
        .iter()
        .map(|version| {
            let v = ProtocolVersion::parse(version).expect("a known version");
            let value = result.to_value_for(v);
            assert_valid(version, "CallToolResult", &value);
            value
        })
        .collect()
}

/// The tool descriptor's JSON for every version, each validated against that version's schema.
fn descriptor(handler: &impl ToolHandler) -> Value {
    let tool = handler.tool();
    for version in VERSIONS {
        let v = ProtocolVersion::parse(version).expect("a known version");
        assert_valid(version, "Tool", &tool.to_value_for(v));
    }
    tool.to_value_for(ProtocolVersion::V2026_07_28)
}

// ---------------------------------------------------------------------------------------
// Handlers

/// Says hello.
#[tool]
fn greet(name: String) -> String {
    format!("Hello, {name}!")
}

/// Tells the time, in no particular zone.
#[tool(name = "clock.now", title = "Clock")]
async fn now() -> &'static str {
    "noon"
}

#[derive(Content, Serialize, Deserialize, schemars::JsonSchema, Debug, PartialEq)]
#[schemars(crate = "mcp_content::__private_0_1::schemars")]
#[content(structured)]
struct Forecast {
    #[content(text)]
    summary: String,
    #[content(skip)]
    high: i32,
}

/// Forecast for a city.
///
/// # Arguments
/// * `city` - The city, in English.
/// * `days` - How many days ahead (1 by default).
#[tool(annotations(read_only_hint = true, open_world_hint = false, title = "Forecast"))]
async fn forecast(city: String, days: Option<u8>) -> Result<Forecast, String> {
    if city.is_empty() {
        return Err("unknown city".into());
    }
    let days = days.unwrap_or(1);
    Ok(Forecast {
        summary: format!("{city}: sunny for {days} day(s)"),
        high: 22,
    })
}

/// A single text block.
#[tool]
fn block() -> ContentBlock {
    ContentBlock::text("one")
}

/// Several blocks.
#[tool]
fn blocks() -> Vec<ContentBlock> {
    vec![ContentBlock::text("one"), ContentBlock::text("two")]
}

/// Does something and says nothing.
#[tool]
fn act(#[arg(description = "What to do.")] _what: String) {}

/// A whole result, written by hand.
#[tool(meta("com.example/kind" = "raw", "com.example/n" = -3))]
fn raw() -> CallToolResult {
    let mut result = CallToolResult::text("raw");
    let mut meta = Meta::new();
    meta.insert("com.example/source", "hand")
        .expect("a user key");
    result.meta = meta;
    result
}

/// Maybe a greeting.
#[tool(icon = "https://example.com/icon.png", icon(src = "data:image/png;base64,iVBORw0KGgo=", mime = "image/png", sizes = ["48x48"], theme = "dark"))]
fn maybe(flag: bool) -> Option<String> {
    flag.then(|| "yes".to_owned())
}

/// Any JSON.
#[tool]
fn json_value(n: i64) -> Value {
    json!([n, n + 1])
}

/// Reads the request.
#[tool]
async fn with_context(context: Context, label: String) -> String {
    format!("{label}: {}", context.protocol_version().as_str())
}

/// Reads the request by reference.
#[tool]
fn with_context_ref(context: &Context) -> String {
    format!("{}", context.meta().len())
}

/// A hand-written input schema.
#[tool(input_schema = custom_schema)]
fn custom(value: Value) -> String {
    value.to_string()
}

fn custom_schema() -> Map<String, Value> {
    args(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"value": {"type": ["string", "number"]}},
        "required": ["value"],
        "additionalProperties": false
    }))
}

/// A hand-written schema declaring more than the parameters take (the conformance suite's
/// `json_schema_2020_12_tool` shape).
#[tool(input_schema = contact_schema)]
fn contact(name: Option<String>, email: Option<String>) -> String {
    format!(
        "{} <{}>",
        name.unwrap_or_default(),
        email.unwrap_or_default()
    )
}

fn contact_schema() -> Map<String, Value> {
    args(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "address": {
                "type": "object",
                "properties": { "city": { "type": "string" } }
            }
        },
        "properties": {
            "name": { "type": "string" },
            "address": { "$ref": "#/$defs/address" },
            "contactMethod": { "type": "string", "enum": ["phone", "email"] },
            "email": { "type": "string" }
        },
        "required": ["contactMethod"],
        "additionalProperties": false
    }))
}

/// A hand-written schema open to any argument.
#[tool(input_schema = open_schema)]
fn open(name: String) -> String {
    name
}

fn open_schema() -> Map<String, Value> {
    args(json!({
        "type": "object",
        "properties": { "name": { "type": "string" } },
        "required": ["name"]
    }))
}

/// A hand-written schema for a tool without parameters.
#[tool(input_schema = ping_schema)]
fn ping() -> &'static str {
    "pong"
}

fn ping_schema() -> Map<String, Value> {
    args(json!({
        "type": "object",
        "properties": { "verbose": { "type": "boolean" } },
        "additionalProperties": false
    }))
}

// ---------------------------------------------------------------------------------------
// Descriptors

#[test]
fn descriptor_from_the_function() {
    assert_eq!(
        descriptor(&greet {}),
        json!({
            "name": "greet",
            "description": "Says hello.",
            "inputSchema": {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "type": "object",
                "properties": {"name": {"type": "string"}},
                "required": ["name"],
                "additionalProperties": false
            }
        })
    );
    assert_eq!(greet::NAME, "greet");
    // The function is still callable as written.
    assert_eq!(greet("Ann".into()), "Hello, Ann!");
}

#[test]
fn no_parameters_is_an_empty_closed_object() {
    assert_eq!(
        descriptor(&now {}),
        json!({
            "name": "clock.now",
            "title": "Clock",
            "description": "Tells the time, in no particular zone.",
            "inputSchema": {"type": "object", "additionalProperties": false}
        })
    );
    assert_eq!(now::NAME, "clock.now");
}

#[test]
fn optional_parameters_are_not_required_and_docs_describe_them() {
    let tool = descriptor(&forecast {});
    assert_eq!(tool["description"], "Forecast for a city.");
    assert_eq!(
        tool["inputSchema"]["properties"]["city"],
        json!({"type": "string", "description": "The city, in English."})
    );
    assert_eq!(tool["inputSchema"]["required"], json!(["city"]));
    assert_eq!(
        tool["inputSchema"]["properties"]["days"]["description"],
        "How many days ahead (1 by default)."
    );
    assert_eq!(
        tool["annotations"],
        json!({"title": "Forecast", "readOnlyHint": true, "openWorldHint": false})
    );
    let output = tool["outputSchema"].clone();
    assert_eq!(output["type"], "object");
    assert_eq!(output["required"], json!(["summary", "high"]));
}

#[test]
fn arg_attribute_describes_and_is_stripped() {
    let tool = descriptor(&act {});
    assert_eq!(
        tool["inputSchema"]["properties"]["_what"]["description"],
        "What to do."
    );
}

#[test]
fn icons_and_meta_literals() {
    let tool = descriptor(&maybe {});
    assert_eq!(
        tool["icons"],
        json!([
            {"src": "https://example.com/icon.png"},
            {"src": "data:image/png;base64,iVBORw0KGgo=", "mimeType": "image/png", "sizes": ["48x48"], "theme": "dark"}
        ])
    );
    // Icons are not written for 2025-06-18.
    assert!(
        maybe {}
            .tool()
            .to_value_for(ProtocolVersion::V2025_06_18)
            .get("icons")
            .is_none()
    );
    assert_eq!(
        descriptor(&raw {})["_meta"],
        json!({"com.example/kind": "raw", "com.example/n": -3})
    );
}

#[test]
fn input_schema_override() {
    let tool = descriptor(&custom {});
    assert_eq!(Value::Object(custom_schema()), tool["inputSchema"]);
    assert_eq!(
        call(&custom {}, json!({"value": 5})).content[0].as_text(),
        Some("5")
    );
}

#[test]
fn a_hand_written_schema_accepts_the_arguments_it_declares() {
    // `contactMethod` and `address` are declared by the schema but taken by no parameter.
    let result = call(
        &contact {},
        json!({
            "name": "Ada", "contactMethod": "email", "email": "ada@example.com",
            "address": { "city": "London" }
        }),
    );
    assert_ne!(result.is_error, Some(true), "{:?}", result.content);
    assert_eq!(result.content[0].as_text(), Some("Ada <ada@example.com>"));
    // An open schema (no `additionalProperties: false`) takes anything.
    let result = call(&open {}, json!({ "name": "x", "anything": [1, 2] }));
    assert_eq!(result.content[0].as_text(), Some("x"));
    // A tool without parameters takes what its schema declares.
    let result = call(&ping {}, json!({ "verbose": true }));
    assert_eq!(result.content[0].as_text(), Some("pong"));
}

#[test]
fn a_hand_written_schema_refuses_what_it_refuses_and_names_it() {
    let refusals = [
        (
            call(&contact {}, json!({ "contactMethod": "email", "fax": "1" })),
            "fax",
        ),
        (call(&contact {}, json!({ "name": "Ada" })), "contactMethod"),
        (
            call(&contact {}, json!({ "contactMethod": "pigeon" })),
            "contactMethod",
        ),
        (
            call(
                &contact {},
                json!({ "contactMethod": "email", "address": { "city": 7 } }),
            ),
            "address.city",
        ),
        (call(&ping {}, json!({ "loud": true })), "loud"),
        (call(&open {}, json!({ "other": 1 })), "name"),
    ];
    for (result, named) in refusals {
        assert_eq!(result.is_error, Some(true), "{named}: {:?}", result.content);
        let text = result.content[0].as_text().unwrap_or_default().to_owned();
        assert!(text.starts_with("invalid arguments"), "{text}");
        assert!(text.contains(named), "{named} not in: {text}");
    }
}

// ---------------------------------------------------------------------------------------
// Results, per return type

#[test]
fn string_result() {
    let result = call(&greet {}, json!({"name": "Ann"}));
    assert_eq!(
        wire(&result),
        [
            json!({"content": [{"type": "text", "text": "Hello, Ann!"}]}),
            json!({"content": [{"type": "text", "text": "Hello, Ann!"}]}),
            json!({"content": [{"type": "text", "text": "Hello, Ann!"}], "resultType": "complete"}),
        ]
    );
}

#[test]
fn static_str_result() {
    let result = call(&now {}, json!({}));
    assert_eq!(
        wire(&result)[2],
        json!({"content": [{"type": "text", "text": "noon"}], "resultType": "complete"})
    );
}

#[test]
fn derived_structured_result_validates_against_its_output_schema() {
    let result = call(&forecast {}, json!({"city": "Paris", "days": 2}));
    let structured = json!({"summary": "Paris: sunny for 2 day(s)", "high": 22});
    assert_eq!(
        wire(&result)[1],
        json!({
            "content": [
                {"type": "text", "text": "Paris: sunny for 2 day(s)"},
                {"type": "text", "text": structured.to_string()}
            ],
            "structuredContent": structured
        })
    );
    let schema = Value::Object(
        forecast {}
            .tool()
            .output_schema
            .expect("an output schema")
            .to_map(),
    );
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let value = result
        .structured_content
        .expect("structured content")
        .to_value();
    assert!(validator.is_valid(&value), "{value} against {schema}");
    assert!(!validator.is_valid(&json!({"summary": 1})));
}

#[test]
fn result_err_is_an_error_result() {
    let result = call(&forecast {}, json!({"city": ""}));
    assert_eq!(
        wire(&result)[2],
        json!({
            "content": [{"type": "text", "text": "unknown city"}],
            "isError": true,
            "resultType": "complete"
        })
    );
}

#[test]
fn block_and_blocks_results() {
    assert_eq!(
        wire(&call(&block {}, json!({})))[0],
        json!({"content": [{"type": "text", "text": "one"}]})
    );
    assert_eq!(
        wire(&call(&blocks {}, json!({})))[0],
        json!({"content": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}]})
    );
}

#[test]
fn unit_result_is_empty_content() {
    let result = call(&act {}, json!({"_what": "x"}));
    assert_eq!(
        wire(&result),
        [
            json!({"content": []}),
            json!({"content": []}),
            json!({"content": [], "resultType": "complete"})
        ]
    );
}

#[test]
fn call_tool_result_passes_through() {
    let result = call(&raw {}, json!({}));
    assert_eq!(
        wire(&result)[2],
        json!({
            "content": [{"type": "text", "text": "raw"}],
            "_meta": {"com.example/source": "hand"},
            "resultType": "complete"
        })
    );
}

#[test]
fn option_result() {
    assert_eq!(
        wire(&call(&maybe {}, json!({"flag": true})))[0],
        json!({"content": [{"type": "text", "text": "yes"}]})
    );
    assert_eq!(
        wire(&call(&maybe {}, json!({"flag": false})))[0],
        json!({"content": []})
    );
}

#[test]
fn json_value_result_is_wrapped_for_2025_peers() {
    let result = call(&json_value {}, json!({"n": 1}));
    assert_eq!(
        wire(&result),
        [
            json!({"content": [{"type": "text", "text": "[1,2]"}], "structuredContent": {"result": [1, 2]}}),
            json!({"content": [{"type": "text", "text": "[1,2]"}], "structuredContent": {"result": [1, 2]}}),
            json!({"content": [{"type": "text", "text": "[1,2]"}], "structuredContent": [1, 2], "resultType": "complete"}),
        ]
    );
}

#[test]
fn context_parameters_are_not_arguments() {
    assert_eq!(
        descriptor(&with_context {})["inputSchema"]["required"],
        json!(["label"])
    );
    let context = Context::new(Meta::new(), ProtocolVersion::V2025_11_25);
    let result = block_on(with_context {}.call(args(json!({"label": "v"})), context));
    assert_eq!(result.content[0].as_text(), Some("v: 2025-11-25"));
    assert_eq!(
        descriptor(&with_context_ref {})["inputSchema"],
        json!({"type": "object", "additionalProperties": false})
    );
    assert_eq!(
        call(&with_context_ref {}, json!({})).content[0].as_text(),
        Some("0")
    );
}

// ---------------------------------------------------------------------------------------
// Argument errors

fn error_text(handler: &impl ToolHandler, arguments: Value) -> String {
    let result = call(handler, arguments);
    assert!(result.is_error(), "{result:?}");
    for value in wire(&result) {
        assert_eq!(value["isError"], true);
    }
    result.content[0]
        .as_text()
        .expect("a text block")
        .to_owned()
}

#[test]
fn wrong_type_names_the_argument() {
    assert_eq!(
        error_text(&forecast {}, json!({"city": "Paris", "days": "x"})),
        "invalid arguments: `days`: invalid type: string \"x\", expected u8"
    );
    assert_eq!(
        error_text(&forecast {}, json!({"city": "Paris", "days": 300})),
        "invalid arguments: `days`: invalid value: integer `300`, expected u8"
    );
}

#[test]
fn missing_argument_is_named() {
    assert_eq!(
        error_text(&forecast {}, json!({"days": 1})),
        "invalid arguments: missing required argument `city`"
    );
}

#[test]
fn extra_argument_is_refused() {
    assert_eq!(
        error_text(&forecast {}, json!({"city": "Paris", "hours": 3})),
        "invalid arguments: unknown argument `hours` (expected `city`, `days`)"
    );
    assert_eq!(
        error_text(&now {}, json!({"x": 1})),
        "invalid arguments: unknown argument `x` (this tool takes no arguments)"
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    assert_eq!(
        error_text(&forecast {}, json!({"days": "x", "hours": 3})),
        "invalid arguments: missing required argument `city`; `days`: invalid type: string \"x\", expected u8; unknown argument `hours` (expected `city`, `days`)"
    );
}

// ---------------------------------------------------------------------------------------
// Through the router

#[test]
fn registered_and_dispatched_by_the_router() {
    let router = Router::builder()
        .tool(greet {})
        .tool(forecast {})
        .build()
        .expect("unique names");
    let context = Context::new(Meta::new(), ProtocolVersion::V2025_11_25);
    let params = args(json!({"name": "greet", "arguments": {"name": "Bo"}}));
    let result =
        block_on(router.handle("tools/call", Some(params), context.clone())).expect("a result");
    assert_eq!(
        result,
        json!({"content": [{"type": "text", "text": "Hello, Bo!"}]})
    );
    let list = block_on(router.handle("tools/list", None, context)).expect("a list");
    assert_eq!(list["tools"][1]["name"], "forecast");
}

/// Echoes its argument (the parameter is named like the function).
#[tool]
fn echo(echo: String) -> String {
    echo
}

/// Reads its argument (the function and its parameter are named like the generated method's
/// own parameter).
#[tool]
fn arguments(arguments: String) -> String {
    arguments
}

#[test]
fn a_parameter_named_like_its_function_is_read_and_passed() {
    assert_eq!(
        wire(&call(&echo {}, json!({"echo": "hi"})))[0],
        json!({"content": [{"type": "text", "text": "hi"}]})
    );
    assert_eq!(
        wire(&call(&arguments {}, json!({"arguments": "a"})))[0],
        json!({"content": [{"type": "text", "text": "a"}]})
    );
}

/// A place, with a schema of its own (listed under `$defs`).
#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(crate = "mcp_content::__private_0_1::schemars")]
struct Place {
    lat: f64,
    lon: f64,
}

/// How far to look.
#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(crate = "mcp_content::__private_0_1::schemars")]
enum Range {
    Near,
    Far { km: u32 },
}

/// Plans a trip.
///
/// # Arguments
///
/// * `to` - Where to go.
/// * `stops` - Places on the way.
#[tool]
#[allow(clippy::needless_pass_by_value)]
fn plan(
    to: Place,
    stops: Vec<Place>,
    #[arg(name = "range", description = "  How far.  ")] r#range: Option<Range>,
    days: Option<u8>,
    note: String,
) -> String {
    let far = matches!(r#range, Some(Range::Far { km }) if km > 0);
    let _ = (to.lat, to.lon, stops.len(), far, days);
    note
}

// The struct schemars derives for `plan`'s parameters (as the macro did before it built the
// schema itself, naming each type through `ToolParameter` only). No doc comment: it would be
// the schema's description.
#[derive(schemars::JsonSchema)]
#[schemars(crate = "mcp_content::__private_0_1::schemars")]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PlanArguments {
    /// Where to go.
    to: Place,
    /// Places on the way.
    stops: Vec<Place>,
    /// How far.
    range: Option<Range>,
    days: Option<u8>,
    note: String,
}

#[test]
fn input_schema_is_what_schemars_derives_for_the_parameters() {
    let derived = schemars::generate::SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<PlanArguments>();
    let mut derived = derived.to_value();
    derived.as_object_mut().expect("an object").remove("title");
    let built = Value::Object(plan {}.tool().input_schema.to_map());
    // Same keys in the same order, `$defs` and descriptions included.
    assert_eq!(built.to_string(), derived.to_string());
    assert_eq!(built["required"], json!(["to", "stops", "note"]));
    assert_eq!(built["properties"]["range"]["description"], "How far.");
}

//! Deep values from a hostile peer: a request
//! built in process (`Router::handle`, `Router::call_tool`, `Router::get_prompt`) with a
//! value nested past the levels every transport's parser reads is refused with its path,
//! never overflowing the stack;
//! output checks and `to_value_for` on structured content of any depth; the readers' depth
//! against `serde_json`'s. Error text and the rules readers and `validate()` share are in
//! `security/peer_quotes_and_shared_rules.rs`.

use crate::deep;

use crate::deep::{nested, on_stack};

use crate::handle::{block_on, handle};
use mcp_content::handler::ProtocolError;
use mcp_content::model::Meta;
use mcp_content::{Context, ProtocolVersion, Router};
use serde_json::{Map, Value, json};

/// Takes any JSON value.
#[mcp_content::tool]
fn echo(v: Value) -> String {
    v.is_array().to_string()
}

/// Returns structured content nested `depth` levels deep.
#[mcp_content::tool]
fn deep_result(depth: usize) -> mcp_content::CallToolResult {
    mcp_content::CallToolResult::structured(nested(depth))
}

/// Greets.
#[mcp_content::prompt]
fn greet(name: String) -> String {
    name
}

fn router() -> Router {
    mcp_content::router! { tools: [echo, deep_result], prompts: [greet] }
        .build()
        .unwrap()
}

/// `params` with `nested(depth)` put at `pointer`, built and dropped without recursion by
/// the caller's side (the router takes it).
fn params_with(template: Value, pointer: &str, depth: usize) -> Value {
    let mut params = template;
    *params
        .pointer_mut(pointer)
        .expect("the pointer is in the template") = nested(depth);
    params
}

/// `(method, params template, pointer, path of the value, levels above it in the message)`.
fn deep_places() -> Vec<(&'static str, Value, &'static str, &'static str, usize)> {
    vec![
        (
            "tools/call",
            json!({"name": "echo", "arguments": {"v": 0}}),
            "/arguments/v",
            "params.arguments.v",
            3,
        ),
        (
            "tools/call",
            json!({"name": "nope", "arguments": {"v": 0}}),
            "/arguments/v",
            "params.arguments.v",
            3,
        ),
        (
            "tools/call",
            json!({"name": "echo", "arguments": {"v": 1}, "_meta": {"com.example/x": 0}}),
            "/_meta/com.example~1x",
            "params._meta.com.example/x",
            3,
        ),
        (
            "tools/call",
            json!({"name": "echo", "arguments": {"v": 1}, "inputResponses": {"q": 0}}),
            "/inputResponses/q",
            "params.inputResponses.q",
            3,
        ),
        (
            "prompts/get",
            json!({"name": "greet", "arguments": {"name": 0}}),
            "/arguments/name",
            "params.arguments.name",
            3,
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "greet", "x": 0}, "argument": {"name": "name", "value": ""}}),
            "/ref/x",
            "params.ref.x",
            3,
        ),
        (
            "resources/read",
            json!({"uri": "a:b", "x-extra": 0}),
            "/x-extra",
            "params.x-extra",
            2,
        ),
        ("tools/list", json!({"x": 0}), "/x", "params.x", 2),
    ]
}

/// A request built in process holds to the levels a transport's parser reads: params
/// nested past 128 levels counted from the JSON-RPC message are refused with `-32602`
/// naming the path of the first container too deep (rule `limit`), at 129 levels as at
/// 100,000 — never read or dropped with recursion (which overflowed a 2 MiB stack from about
/// 5,000 levels in tool arguments, prompt arguments, `inputResponses`, `_meta`, `ref`).
/// The same request as one JSON-RPC message is parsed by `serde_json` (what the HTTP
/// endpoint and rmcp's transports do) exactly when the router takes it.
#[test]
fn params_past_the_parsers_depth_are_refused_by_the_router_with_their_path() {
    on_stack(2 << 20, || {
        let router = router();
        let mut cases = 0;
        for (method, template, pointer, path, levels) in deep_places() {
            // `serde_json` reads 127 containers one in another; `levels` of them are the
            // message's own (`{"params": {…}}` and those down to the value).
            let within = 127 - levels;
            let message = |depth: usize| {
                let params = params_with(template.clone(), pointer, depth);
                json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).to_string()
            };
            assert!(serde_json::from_str::<Value>(&message(within)).is_ok());
            assert!(serde_json::from_str::<Value>(&message(within + 1)).is_err());
            for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2026_07_28] {
                let at_border = handle(
                    &router,
                    version,
                    method,
                    params_with(template.clone(), pointer, within),
                );
                if let Err(error) = &at_border {
                    assert!(
                        !error.message.contains("levels"),
                        "{method} {path}: {error}"
                    );
                }
                for depth in [within + 1, 5_000, 100_000] {
                    let params = params_with(template.clone(), pointer, depth);
                    let error = handle(&router, version, method, params).unwrap_err();
                    assert_eq!(error.code, ProtocolError::INVALID_PARAMS, "{error}");
                    let expected = format!(
                        "{path}{}: nested deeper than the JSON parser's 127 levels, counted \
                         from the request message (rule: limit)",
                        "[0]".repeat(within)
                    );
                    assert_eq!(error.message, expected, "{method} {depth}");
                    cases += 1;
                }
            }
        }
        assert_eq!(cases, 48);
    });
}

/// `Router::call_tool` and `Router::get_prompt`, called in process with arguments nested
/// 100,000 deep, refuse them the same way (the tool's glue read them with recursion), for a
/// known and an unknown name; within the levels, a `Value` parameter takes them.
#[test]
fn in_process_calls_hold_arguments_to_the_parsers_depth() {
    on_stack(2 << 20, || {
        let router = router();
        let context = || Context::new(Meta::new(), ProtocolVersion::V2026_07_28);
        let arguments = |name: &str, depth: usize| {
            let mut map = Map::new();
            map.insert(name.to_owned(), nested(depth));
            Some(map)
        };
        for name in ["echo", "nope"] {
            let error =
                block_on(router.call_tool(name, arguments("v", 100_000), context())).unwrap_err();
            assert!(
                error.message.starts_with("params.arguments.v[0][0]")
                    && error.message.ends_with("(rule: limit)"),
                "{error}"
            );
        }
        for name in ["greet", "nope"] {
            let error = block_on(router.get_prompt(name, arguments("name", 100_000), context()))
                .unwrap_err();
            assert!(error.message.ends_with("(rule: limit)"), "{error}");
        }
        let result = block_on(router.call_tool("echo", arguments("v", 124), context())).unwrap();
        assert!(!result.is_error(), "{result:?}");
        let error = block_on(router.call_tool("echo", arguments("v", 125), context())).unwrap_err();
        assert!(error.message.ends_with("(rule: limit)"), "{error}");
        assert!(!result.is_error(), "{result:?}");
    });
}

/// `ToolOutput::check_value` and `check` (what the router's output checks and a client's
/// typed read call) refuse structured content nested past the parser's 128 levels, built
/// in process at any depth, with its path and rule `limit`: the validator recurses once per
/// level (a recursive schema over 20,000 levels overflowed a 2 MiB stack). Within the
/// levels, where the reader reads, the schema decides.
#[test]
fn output_checks_refuse_structured_content_past_the_parsers_depth() {
    use mcp_content::CallToolResult;
    use mcp_content::convert::typed_result::ToolOutput;
    use mcp_content::rules::Rule;
    use mcp_content::wire::{ReadLimits, read_json_with};
    on_stack(2 << 20, || {
        let schema =
            json!({"anyOf": [{"type": "array", "items": {"$ref": "#"}}, {"type": "integer"}]});
        let output = ToolOutput::new(schema.as_object().unwrap().clone()).unwrap();
        // The deepest structured content a reader takes, and one level more.
        let doc = |depth: usize| {
            format!(
                r#"{{"content":[],"structuredContent":{}}}"#,
                deep::nested_text(depth)
            )
        };
        let unlimited = ReadLimits::unlimited();
        let read = read_json_with::<CallToolResult>(doc(126).as_bytes(), &unlimited);
        assert!(read.is_ok(), "{read:?}");
        let refused =
            read_json_with::<CallToolResult>(doc(127).as_bytes(), &unlimited).unwrap_err();
        assert_eq!(output.check_value(&nested(126)), Ok(()));
        for depth in [127, 20_000, 100_000] {
            let value = nested(depth);
            let error = output.check_value(&value).unwrap_err();
            assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
            assert_eq!(error.path(), refused.path());
            assert_eq!(error.detail(), refused.detail());
            let result = CallToolResult::structured(value);
            assert_eq!(output.check(&result).unwrap_err(), error);
            assert_eq!(output.value(&result).unwrap_err(), error);
        }
    });
}

/// The readers stop where `serde_json` stops, in every place free-form JSON is kept: its
/// 128 levels read 127 arrays or objects one in another, and a document of 128 was read
/// (under `ReadLimits::unlimited`) and relayed to peers that cannot parse it (rmcp among
/// them). From bytes and from a `Value`, a document is read exactly when `serde_json`
/// parses it, and the refusal names the first container too deep with rule `limit`.
#[test]
fn unlimited_readers_stop_where_serde_json_stops() {
    use mcp_content::model::{GetPromptResult, Tool};
    use mcp_content::rules::Rule;
    use mcp_content::wire::{ReadLimits, read_json_with, read_value_with};
    use mcp_content::{CallToolResult, ContentBlock};
    fn both<T: serde::de::DeserializeOwned>(text: &str) -> (bool, Option<String>) {
        let unlimited = ReadLimits::unlimited();
        let bytes = read_json_with::<T>(text.as_bytes(), &unlimited);
        if let Ok(value) = serde_json::from_str::<Value>(text) {
            let from_value = read_value_with::<T>(value, &unlimited);
            assert_eq!(bytes.is_ok(), from_value.is_ok(), "{text}");
        }
        match bytes {
            Ok(_) => (true, None),
            Err(error) => {
                assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
                (false, Some(error.path().to_owned()))
            }
        }
    }
    // `{}` marks where the nested arrays go; the number of containers around that place.
    let places: [(&str, &str, usize); 6] = [
        (
            "CallToolResult",
            r#"{"content":[],"structuredContent":{}}"#,
            1,
        ),
        (
            "CallToolResult",
            r#"{"content":[],"_meta":{"com.example/x":{}}}"#,
            2,
        ),
        (
            "CallToolResult",
            r#"{"content":[{"type":"text","text":"t","x-extra":{}}]}"#,
            3,
        ),
        ("ContentBlock", r#"{"type":"x-unknown","deep":{}}"#, 1),
        (
            "Tool",
            r#"{"name":"t","inputSchema":{"type":"object","default":{}}}"#,
            2,
        ),
        ("GetPromptResult", r#"{"messages":[],"x-extra":{}}"#, 1),
    ];
    let mut cases = 0;
    for (kind, template, around) in places {
        for depth in 120..=130 {
            let text = template.replacen("{}", &deep::nested_text(depth), 1);
            let parses = serde_json::from_str::<Value>(&text).is_ok();
            let (read, path) = match kind {
                "CallToolResult" => both::<CallToolResult>(&text),
                "ContentBlock" => both::<ContentBlock>(&text),
                "Tool" => both::<Tool>(&text),
                _ => both::<GetPromptResult>(&text),
            };
            assert_eq!(read, parses, "{kind} {depth}: {path:?}");
            assert_eq!(parses, around + depth <= 127, "{kind} {depth}");
            if let Some(path) = path {
                // The 128th container: the array 127 - `around` levels into the place.
                assert!(path.ends_with(&"[0]".repeat(127 - around)), "{path}");
                assert!(!path.ends_with(&"[0]".repeat(128 - around)), "{path}");
            }
            cases += 1;
        }
    }
    assert_eq!(cases, 66);
}

/// How many arrays are nested around the innermost value, counted without recursion.
fn depth_of(mut value: &Value) -> usize {
    let mut depth = 0;
    while let Some(first) = value.as_array().and_then(|items| items.first()) {
        depth += 1;
        value = first;
    }
    depth
}

/// `to_value_for` gives the value of what `to_json_for` writes at any depth: structured
/// content built in process past the parser's levels (which the model holds and writes)
/// made it panic ("model values always serialize to JSON"), and with it `Router::handle`
/// answering a tool that returns such a result, for every protocol version.
#[test]
fn to_value_for_and_the_router_take_results_of_any_depth() {
    use mcp_content::{CallToolResult, SerializeFor};
    on_stack(16 << 20, || {
        let router = router();
        for depth in [126, 127, 200, 5_000] {
            let result = CallToolResult::structured(nested(depth));
            for version in ProtocolVersion::ALL {
                let value = result.to_value_for(version);
                let structured = if version.has_result_type() {
                    &value["structuredContent"]
                } else {
                    &value["structuredContent"]["result"]
                };
                assert_eq!(depth_of(structured), depth, "{version}");
                assert!(value["content"][0]["text"].is_string());
                let answer = handle(
                    &router,
                    version,
                    "tools/call",
                    json!({"name": "deep_result", "arguments": {"depth": depth}}),
                )
                .unwrap();
                assert_eq!(answer["content"], value["content"], "{version}");
                assert_eq!(answer["structuredContent"], value["structuredContent"]);
            }
        }
    });
}

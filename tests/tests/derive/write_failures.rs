//! What `#[derive(Content)]` writes never turns a serde failure into silent data: a value
//! `serde_json` refuses (a map whose keys are not strings, a `Serialize` impl that errors) in a
//! `_meta` entry, a `text(json)` block or `structuredContent` is an error naming the field, the
//! place on the wire and serde's message — through the derive's own API, and through a served
//! `#[tool]` (an `isError` result), `#[prompt]` and `#[resource]` (an internal error). Never
//! `null`, never an error's text written as content. Values that serialize are written exactly
//! as before.

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::pin::pin;
use std::task::{Poll, Waker};

use mcp_content::handler::ProtocolError;
use mcp_content::model::Meta;
use mcp_content::{
    CallToolResult, Content, ContentBlock, Context, FromContent, IntoCallToolResult, IntoContent,
    ProtocolVersion, Router, SerializeFor, WriteError, prompt, resource, tool,
};
use mcp_content_tests::{VERSIONS, assert_valid};
use serde::ser::Error as _;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = std::task::Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut cx) {
            return value;
        }
    }
}

/// A map JSON cannot hold: object keys are strings.
fn pairs() -> HashMap<(u8, u8), u32> {
    HashMap::from([((1, 2), 3)])
}

/// A value whose `Serialize` impl always fails.
#[derive(Debug, PartialEq, Deserialize)]
struct Offline;

impl Serialize for Offline {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(S::Error::custom("the sensor is offline"))
    }
}

/// A struct holding one: the path inside the value is named too.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Reading {
    celsius: f64,
    sensor: Offline,
}

/// The JSON of a result for every version, each validated against that version's schema.
fn wire(result: &CallToolResult) -> Value {
    let mut last = Value::Null;
    for version in VERSIONS {
        let v = ProtocolVersion::parse(version).expect("a known version");
        last = result.to_value_for(v);
        assert_valid(version, "CallToolResult", &last);
    }
    last
}

/// No `null` anywhere in `value`, and no text that looks like an error written as content.
fn no_null_no_fake_text(value: &Value) {
    let text = value.to_string();
    assert!(!text.contains("null"), "a null was written: {text}");
    assert!(
        !text.contains("unserializable"),
        "an error was written as content: {text}"
    );
}

/// The one failure of `error`, as (field, place, message).
fn only(error: &WriteError) -> (&str, &str, &str) {
    assert_eq!(error.failures().len(), 1, "{error}");
    let failure = &error.failures()[0];
    (failure.field_name(), failure.place(), failure.message())
}

/// An `isError` result: its one text block, and nothing else written.
fn failed_text(result: &CallToolResult) -> String {
    assert!(result.is_error(), "not an error: {result:?}");
    assert!(result.structured_content.is_none(), "{result:?}");
    assert!(result.meta.is_empty(), "{result:?}");
    assert_eq!(result.content.len(), 1, "{result:?}");
    let text = result.content[0]
        .as_text()
        .expect("a text block")
        .to_owned();
    no_null_no_fake_text(&wire(result));
    text
}

// ---------------------------------------------------------------------------------------
// A `_meta` field whose map has non-string keys

#[derive(Content, Debug, PartialEq)]
struct PairsInMeta {
    #[content(text)]
    summary: String,
    #[content(meta = "com.example/pairs")]
    pairs: HashMap<(u8, u8), u32>,
}

const PAIRS_IN_META: &str =
    "_meta.com.example/pairs: serde_json cannot write field `pairs`: key must be a string";

#[test]
fn a_result_meta_map_with_non_string_keys_is_an_error_naming_the_field_and_key() {
    let value = PairsInMeta {
        summary: "s".into(),
        pairs: pairs(),
    };
    let (mut blocks, mut meta) = (Vec::new(), Meta::new());
    let error = value
        .try_extend_content(&mut blocks, &mut meta)
        .unwrap_err();
    assert_eq!(
        only(&error),
        ("pairs", "_meta.com.example/pairs", "key must be a string")
    );
    assert_eq!(error.to_string(), PAIRS_IN_META);
    // What could be written was: the block; the entry is absent, never `null`.
    assert_eq!(blocks, vec![ContentBlock::text("s")]);
    assert!(meta.is_empty());

    let result = PairsInMeta {
        summary: "s".into(),
        pairs: pairs(),
    }
    .into_call_tool_result();
    assert_eq!(
        failed_text(&result),
        format!("the tool's result could not be written: {PAIRS_IN_META}")
    );
}

#[test]
fn the_infallible_path_leaves_the_refused_entry_out_and_writes_the_rest() {
    let (mut blocks, mut meta) = (Vec::new(), Meta::new());
    PairsInMeta {
        summary: "s".into(),
        pairs: pairs(),
    }
    .extend_content(&mut blocks, &mut meta);
    assert_eq!(blocks, vec![ContentBlock::text("s")]);
    assert!(meta.get_value("com.example/pairs").is_none());
}

// ---------------------------------------------------------------------------------------
// A `Serialize` impl that errors, in each `_meta` a field can set

#[derive(Content, Debug, PartialEq)]
#[content(write_only)]
struct SensorEverywhere {
    #[content(text, meta("com.example/sensor" = sensor))]
    first: String,
    #[content(text)]
    second: String,
    #[content(resource(uri = "file:///reading.txt"), resource_meta("com.example/reading" = reading))]
    raw: String,
    #[content(meta = "com.example/offline")]
    offline: Offline,
    sensor: Offline,
    reading: Reading,
}

#[test]
fn a_failing_serialize_impl_is_reported_at_every_place_it_was_meant_for() {
    let value = SensorEverywhere {
        first: "a".into(),
        second: "b".into(),
        raw: "r".into(),
        offline: Offline,
        sensor: Offline,
        reading: Reading {
            celsius: 21.5,
            sensor: Offline,
        },
    };
    let (mut blocks, mut meta) = (Vec::new(), Meta::new());
    let error = value
        .try_extend_content(&mut blocks, &mut meta)
        .unwrap_err();
    let failures: Vec<_> = error
        .failures()
        .iter()
        .map(|f| (f.field_name(), f.place(), f.message()))
        .collect();
    // Every failure at once, each at its own place; the path inside the value is named.
    assert_eq!(
        failures,
        vec![
            (
                "offline",
                "_meta.com.example/offline",
                "the sensor is offline"
            ),
            (
                "sensor",
                "content[0]._meta.com.example/sensor",
                "the sensor is offline"
            ),
            (
                "reading",
                "content[2].resource._meta.com.example/reading.sensor",
                "the sensor is offline"
            ),
        ]
    );
    assert_eq!(
        error.to_string(),
        "_meta.com.example/offline: serde_json cannot write field `offline`: the sensor is offline\n\
         content[0]._meta.com.example/sensor: serde_json cannot write field `sensor`: the sensor is offline\n\
         content[2].resource._meta.com.example/reading.sensor: serde_json cannot write field `reading`: the sensor is offline"
    );
    // Written without the refused entries: no `_meta` at all, never `{"…": null}`.
    let written = serde_json::to_value(&blocks).unwrap();
    no_null_no_fake_text(&written);
    assert_eq!(
        written,
        json!([
            {"type": "text", "text": "a"},
            {"type": "text", "text": "b"},
            {"type": "resource", "resource": {"uri": "file:///reading.txt", "text": "r"}}
        ])
    );
    assert!(meta.is_empty());
}

#[test]
fn a_refused_block_meta_of_a_field_that_writes_no_block_loses_nothing() {
    #[derive(Content)]
    #[content(write_only)]
    struct Maybe {
        #[content(text, meta("com.example/sensor" = sensor))]
        note: Option<String>,
        sensor: Offline,
    }
    let blocks = Maybe {
        note: None,
        sensor: Offline,
    }
    .try_into_content()
    .unwrap();
    assert!(blocks.is_empty());
    let error = Maybe {
        note: Some("n".into()),
        sensor: Offline,
    }
    .try_into_content()
    .unwrap_err();
    assert_eq!(
        only(&error),
        (
            "sensor",
            "content[0]._meta.com.example/sensor",
            "the sensor is offline"
        )
    );
}

// ---------------------------------------------------------------------------------------
// A `text(json)` field that fails

#[derive(Content, Debug, PartialEq)]
struct JsonBlocks {
    #[content(text)]
    title: String,
    #[content(text(json))]
    pairs: HashMap<(u8, u8), u32>,
    #[content(text(json))]
    readings: Vec<Reading>,
}

#[test]
fn a_json_text_field_serde_refuses_is_an_error_at_its_block_and_no_fake_text() {
    let value = JsonBlocks {
        title: "t".into(),
        readings: vec![Reading {
            celsius: 1.0,
            sensor: Offline,
        }],
        pairs: pairs(),
    };
    let error = value.try_into_content().unwrap_err();
    let failures: Vec<_> = error
        .failures()
        .iter()
        .map(|f| (f.field_name(), f.place(), f.message()))
        .collect();
    assert_eq!(
        failures,
        vec![
            ("pairs", "content[1].text", "key must be a string"),
            (
                "readings",
                "content[1].text.sensor",
                "the sensor is offline"
            ),
        ]
    );
    // The infallible path writes the title only: no block holds an error's text.
    let blocks = JsonBlocks {
        title: "t".into(),
        readings: vec![],
        pairs: pairs(),
    }
    .into_content();
    assert_eq!(blocks, vec![ContentBlock::text("t")]);

    let result = JsonBlocks {
        title: "t".into(),
        readings: vec![],
        pairs: pairs(),
    }
    .into_call_tool_result();
    assert_eq!(
        failed_text(&result),
        "the tool's result could not be written: content[1].text: serde_json cannot write field `pairs`: key must be a string"
    );
}

#[test]
fn a_json_text_list_names_the_index_of_the_block_that_failed() {
    #[derive(Content)]
    #[content(write_only)]
    struct Many {
        #[content(text(json))]
        values: Vec<BTreeMap<Vec<u8>, u8>>,
    }
    let ok = BTreeMap::new();
    let bad = BTreeMap::from([(vec![1], 1)]);
    let error = Many {
        values: vec![ok.clone(), ok, bad],
    }
    .try_into_content()
    .unwrap_err();
    assert_eq!(
        only(&error),
        ("values", "content[2].text", "key must be a string")
    );
}

// ---------------------------------------------------------------------------------------
// An enum variant's fields, and a tuple variant's (named `_0`, as in every message)

#[derive(Content, Debug, PartialEq)]
#[content(write_only)]
enum Answer {
    Text(#[content(text)] String),
    Pairs {
        #[content(text)]
        title: String,
        #[content(text(json))]
        pairs: HashMap<(u8, u8), u32>,
    },
    Sensor(#[content(text(json))] Reading),
}

/// Answers with a variant that cannot be written.
#[tool]
fn answer_tool() -> Answer {
    Answer::Pairs {
        title: "t".into(),
        pairs: pairs(),
    }
}

#[test]
fn an_enum_variants_failure_names_its_field_and_block() {
    assert_eq!(
        Answer::Text("t".into()).try_into_content().unwrap(),
        vec![ContentBlock::text("t")]
    );
    let error = Answer::Pairs {
        title: "t".into(),
        pairs: pairs(),
    }
    .try_into_content()
    .unwrap_err();
    assert_eq!(
        only(&error),
        ("pairs", "content[1].text", "key must be a string")
    );
    let error = Answer::Sensor(Reading {
        celsius: 1.0,
        sensor: Offline,
    })
    .try_into_content()
    .unwrap_err();
    assert_eq!(
        only(&error),
        ("_0", "content[0].text.sensor", "the sensor is offline")
    );
    let router = Router::builder().tool(answer_tool {}).build().unwrap();
    assert_eq!(
        failed_text(&call(&router, "answer_tool")),
        "the tool's result could not be written: content[1].text: serde_json cannot write field `pairs`: key must be a string"
    );
}

// ---------------------------------------------------------------------------------------
// A nested (`flatten`) type's failure is named through the outer field

#[derive(Content, Debug, PartialEq)]
struct Outer {
    #[content(text)]
    head: String,
    #[content(flatten)]
    inner: PairsInMeta,
}

#[test]
fn a_flattened_types_failure_names_the_outer_field() {
    let error = Outer {
        head: "h".into(),
        inner: PairsInMeta {
            summary: "s".into(),
            pairs: pairs(),
        },
    }
    .try_into_content()
    .unwrap_err();
    assert_eq!(
        only(&error),
        (
            "inner.pairs",
            "_meta.com.example/pairs",
            "key must be a string"
        )
    );
}

// ---------------------------------------------------------------------------------------
// A `structured` type whose serde form fails

#[derive(Content, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[content(structured)]
struct Report {
    #[content(text)]
    summary: String,
    pairs: HashMap<(u8, u8), u32>,
}

#[derive(Content, Serialize, schemars::JsonSchema)]
#[content(structured, write_only)]
struct OfflineReport {
    #[content(text)]
    summary: String,
    #[schemars(skip)]
    sensor: Offline,
}

#[test]
fn a_structured_type_whose_serde_form_fails_is_an_is_error_result_never_null() {
    let result = Report {
        summary: "s".into(),
        pairs: pairs(),
    }
    .into_call_tool_result();
    assert_eq!(
        failed_text(&result),
        "the tool's result could not be written: structuredContent.pairs: serde_json cannot write `Report`: key must be a string"
    );
    let result = OfflineReport {
        summary: "s".into(),
        sensor: Offline,
    }
    .into_call_tool_result();
    assert_eq!(
        failed_text(&result),
        "the tool's result could not be written: structuredContent.sensor: serde_json cannot write `OfflineReport`: the sensor is offline"
    );
    // Reading such a result back is an error naming it, not a value.
    let err = Report::from_call_tool_result(&result).unwrap_err();
    assert!(
        err.to_string().contains("structuredContent.sensor"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------
// What serializes is written exactly as before

#[derive(Content, Debug, PartialEq)]
#[content(meta("com.example/source" = "api"))]
struct Fine {
    #[content(text, meta("com.example/reading" = reading))]
    title: String,
    #[content(text(json))]
    points: BTreeMap<String, u32>,
    #[content(resource(uri = "file:///r.txt"), resource_meta("com.example/n" = n))]
    raw: String,
    #[content(meta = "com.example/tags")]
    tags: Option<Vec<String>>,
    reading: Option<f64>,
    n: i64,
}

#[derive(Content, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[content(structured)]
struct FineReport {
    #[content(text)]
    summary: String,
    counts: BTreeMap<String, u32>,
}

#[test]
fn values_that_serialize_are_written_exactly_as_before() {
    let value = || Fine {
        title: "t".into(),
        points: BTreeMap::from([("a".into(), 1), ("b".into(), 2)]),
        raw: "r".into(),
        tags: Some(vec!["x".into()]),
        reading: Some(0.5),
        n: -1,
    };
    let result = value().into_call_tool_result();
    let json = String::from_utf8(result.to_json_for(ProtocolVersion::LATEST)).unwrap();
    assert_eq!(
        json,
        r#"{"content":[{"type":"text","text":"t","_meta":{"com.example/reading":0.5}},{"type":"text","text":"{\"a\":1,\"b\":2}"},{"type":"resource","resource":{"uri":"file:///r.txt","text":"r","_meta":{"com.example/n":-1}}}],"_meta":{"com.example/source":"api","com.example/tags":["x"]},"resultType":"complete"}"#
    );
    wire(&result);
    assert_eq!(Fine::from_call_tool_result(&result).unwrap(), value());
    // The fallible path writes the same, and the infallible one too.
    let (mut blocks, mut meta) = (Vec::new(), Meta::new());
    value().try_extend_content(&mut blocks, &mut meta).unwrap();
    assert_eq!((&blocks, &meta), (&result.content, &result.meta));
    assert_eq!(value().into_content(), result.content);
    // A `None` field writes no key, as before.
    let result = Fine {
        tags: None,
        reading: None,
        ..value()
    }
    .into_call_tool_result();
    assert!(!result.is_error());
    assert!(result.meta.get_value("com.example/tags").is_none());
    assert!(result.content[0].meta().is_none_or(Meta::is_empty));

    let report = FineReport {
        summary: "s".into(),
        counts: BTreeMap::from([("a".into(), 1)]),
    };
    let result = report.into_call_tool_result();
    let json = String::from_utf8(result.to_json_for(ProtocolVersion::LATEST)).unwrap();
    assert_eq!(
        json,
        r#"{"content":[{"type":"text","text":"s"},{"type":"text","text":"{\"counts\":{\"a\":1},\"summary\":\"s\"}"}],"structuredContent":{"counts":{"a":1},"summary":"s"},"resultType":"complete"}"#
    );
}

// ---------------------------------------------------------------------------------------
// Served: `#[tool]`, `#[prompt]`, `#[resource]` through the router

/// Returns a report whose `_meta` value cannot be written.
#[tool]
fn pairs_tool() -> PairsInMeta {
    PairsInMeta {
        summary: "s".into(),
        pairs: pairs(),
    }
}

/// Returns JSON text that cannot be written.
#[tool]
#[allow(clippy::unnecessary_wraps)] // the `Result` return path, on purpose
fn json_tool() -> Result<JsonBlocks, String> {
    Ok(JsonBlocks {
        title: "t".into(),
        readings: vec![],
        pairs: pairs(),
    })
}

/// Returns a structured report whose serde form cannot be written.
#[tool]
fn report_tool() -> Report {
    Report {
        summary: "s".into(),
        pairs: pairs(),
    }
}

/// Returns a value with a failing `Serialize` impl in its `_meta`.
#[tool]
#[allow(clippy::unnecessary_wraps)] // the `Option` return path, on purpose
fn sensor_tool() -> Option<SensorEverywhere> {
    Some(SensorEverywhere {
        first: "a".into(),
        second: "b".into(),
        raw: "r".into(),
        offline: Offline,
        sensor: Offline,
        reading: Reading {
            celsius: 1.0,
            sensor: Offline,
        },
    })
}

/// Returns a value that writes fine.
#[tool]
fn fine_tool() -> FineReport {
    FineReport {
        summary: "s".into(),
        counts: BTreeMap::new(),
    }
}

/// A prompt whose `_meta` value cannot be written.
#[prompt]
fn pairs_prompt() -> PairsInMeta {
    PairsInMeta {
        summary: "s".into(),
        pairs: pairs(),
    }
}

/// A resource whose JSON text cannot be written.
#[resource(uri = "test://pairs", mime = "application/json")]
fn pairs_resource() -> JsonBlocks {
    JsonBlocks {
        title: "t".into(),
        readings: vec![],
        pairs: pairs(),
    }
}

fn router() -> Router {
    Router::builder()
        .tool(pairs_tool {})
        .tool(json_tool {})
        .tool(report_tool {})
        .tool(sensor_tool {})
        .tool(fine_tool {})
        .prompt(pairs_prompt {})
        .resource(pairs_resource {})
        .build()
        .unwrap()
}

fn call(router: &Router, name: &str) -> CallToolResult {
    block_on(router.call_tool(name, None, Context::default())).expect("a tool result")
}

#[test]
fn a_served_tool_answers_a_write_failure_as_an_is_error_result_naming_it() {
    let router = router();
    assert_eq!(
        failed_text(&call(&router, "pairs_tool")),
        format!("the tool's result could not be written: {PAIRS_IN_META}")
    );
    assert_eq!(
        failed_text(&call(&router, "json_tool")),
        "the tool's result could not be written: content[1].text: serde_json cannot write field `pairs`: key must be a string"
    );
    assert_eq!(
        failed_text(&call(&router, "report_tool")),
        "the tool's result could not be written: structuredContent.pairs: serde_json cannot write `Report`: key must be a string"
    );
    let text = failed_text(&call(&router, "sensor_tool"));
    assert!(
        text.contains("_meta.com.example/offline: serde_json cannot write field `offline`")
            && text.contains("content[0]._meta.com.example/sensor")
            && text.contains("content[2].resource._meta.com.example/reading.sensor"),
        "{text}"
    );
    let fine = call(&router, "fine_tool");
    assert!(!fine.is_error());
    assert_eq!(
        fine.structured_content.map(Value::from),
        Some(json!({"summary": "s", "counts": {}}))
    );
}

#[test]
fn a_served_tool_answers_through_handle_too() {
    let router = router();
    let params = json!({"name": "report_tool"}).as_object().cloned();
    let value = block_on(router.handle("tools/call", params, Context::default())).unwrap();
    assert_eq!(value["isError"], json!(true));
    assert!(value.get("structuredContent").is_none(), "{value}");
    let text = value["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("structuredContent.pairs"), "{text}");
    no_null_no_fake_text(&value);
}

#[test]
fn a_served_prompt_or_resource_answers_a_write_failure_as_an_internal_error_naming_it() {
    let router = router();
    let err = block_on(router.get_prompt("pairs_prompt", None, Context::default())).unwrap_err();
    assert_eq!(
        err,
        ProtocolError::internal(format!("the result could not be written: {PAIRS_IN_META}"))
    );
    assert_eq!(err.code, ProtocolError::INTERNAL_ERROR);
    let err = block_on(router.read_resource("test://pairs", Context::default())).unwrap_err();
    assert_eq!(
        err,
        ProtocolError::internal(
            "the result could not be written: content[1].text: serde_json cannot write field `pairs`: key must be a string"
        )
    );
}

// ---------------------------------------------------------------------------------------
// Bounded error text

#[test]
fn a_long_key_in_the_path_inside_the_value_is_cut() {
    #[derive(Content)]
    #[content(write_only)]
    struct Keyed {
        #[content(meta = "com.example/by-name")]
        by_name: BTreeMap<String, Reading>,
    }
    let key = "k".repeat(100_000);
    let (mut blocks, mut meta) = (Vec::new(), Meta::new());
    let error = Keyed {
        by_name: BTreeMap::from([(
            key,
            Reading {
                celsius: 0.0,
                sensor: Offline,
            },
        )]),
    }
    .try_extend_content(&mut blocks, &mut meta)
    .unwrap_err();
    assert_eq!(
        only(&error),
        (
            "by_name",
            format!("_meta.com.example/by-name.{}….sensor", "k".repeat(80)).as_str(),
            "the sensor is offline"
        )
    );
    assert!(error.to_string().len() < 300, "{error}");
}

#[test]
fn indices_count_from_the_start_of_the_blocks_given() {
    let mut blocks = vec![ContentBlock::text("a"), ContentBlock::text("b")];
    let mut meta = Meta::new();
    let error = JsonBlocks {
        title: "t".into(),
        pairs: pairs(),
        readings: vec![],
    }
    .try_extend_content(&mut blocks, &mut meta)
    .unwrap_err();
    assert_eq!(
        only(&error),
        ("pairs", "content[3].text", "key must be a string")
    );
    assert_eq!(blocks.len(), 3);
}

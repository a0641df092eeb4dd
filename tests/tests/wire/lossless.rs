//! Lossless proxying: any valid result JSON, as a newer peer may send it, reads into the
//! model and writes back as the same JSON (compared as JSON values). Generated documents
//! carry unknown block types, unknown fields on every known block, and unknown fields and
//! arbitrary values in `_meta`, annotations, resource contents, prompt messages and the
//! results themselves; each is written with its keys in three orders (sorted, `type` first,
//! reversed), since the block reader takes keys in any order.

use mcp_content::model::{GetPromptResult, ReadResourceResult};
use mcp_content::rules;
use mcp_content::{
    CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, Validate, read_json,
};
use proptest::collection::{btree_map, vec};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

// ---------------------------------------------------------------------------------------
// Strategies

/// Any JSON value, a few levels deep (what `_meta`, unknown fields and structured content hold).
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..4).prop_map(Value::Array),
            btree_map(any::<String>(), inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A valid `_meta` key, reserved prefixes included (a peer may send them; a proxy relays them).
fn meta_key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("progressToken".to_owned()),
        Just("io.modelcontextprotocol/related-task".to_owned()),
        Just("com.example/".to_owned()),
        "[a-z][a-z0-9]{0,4}(\\.[a-z][a-z0-9-]{0,3}[a-z0-9]){0,2}/[a-zA-Z0-9]([a-zA-Z0-9._-]{0,6}[a-zA-Z0-9])?",
        "[a-zA-Z0-9]([a-zA-Z0-9._-]{0,6}[a-zA-Z0-9])?",
    ]
    .prop_filter("grammar", |k| rules::check_meta_key(k).is_ok())
}

/// A non-empty `_meta` object (an empty one is omitted on the wire, so it is not generated).
fn meta() -> impl Strategy<Value = Value> {
    btree_map(meta_key(), any_json(), 1..4).prop_map(|m| Value::Object(m.into_iter().collect()))
}

/// Keys the object does not know: made-up ones and fields of *other* block types.
fn unknown_fields(known: &'static [&'static str]) -> impl Strategy<Value = Map<String, Value>> {
    let key = prop_oneof![
        "x-[a-z]{1,6}",
        Just("data".to_owned()),
        Just("uri".to_owned()),
        Just("name".to_owned()),
        Just("text".to_owned()),
        Just("blob".to_owned()),
        Just("mimeType".to_owned()),
        Just("resource".to_owned()),
        Just("size".to_owned()),
        Just("audience".to_owned()),
    ];
    btree_map(key, any_json(), 0..3).prop_map(move |m| {
        m.into_iter()
            .filter(|(k, _)| !known.contains(&k.as_str()))
            .collect()
    })
}

/// Puts optional members into `object`.
fn with(mut object: Map<String, Value>, members: Vec<(&str, Option<Value>)>) -> Map<String, Value> {
    for (key, value) in members {
        if let Some(value) = value {
            object.insert(key.to_owned(), value);
        }
    }
    object
}

fn annotations() -> impl Strategy<Value = Value> {
    (
        proptest::option::of(vec(prop_oneof![Just("user"), Just("assistant")], 0..3)),
        proptest::option::of(prop_oneof![Just(0.0), Just(0.25), Just(0.5), Just(1.0)]),
        proptest::option::of(prop_oneof![
            Just("2025-01-12T15:00:58Z"),
            Just("2025-05-03T14:30:00.123+02:00")
        ]),
        unknown_fields(&["audience", "priority", "lastModified"]),
    )
        .prop_map(|(audience, priority, last_modified, extra)| {
            Value::Object(with(
                extra,
                vec![
                    ("audience", audience.map(Value::from)),
                    ("priority", priority.map(Value::from)),
                    ("lastModified", last_modified.map(Value::from)),
                ],
            ))
        })
        // Empty annotations are omitted on the wire.
        .prop_filter("not empty", |a| {
            a.as_object().is_some_and(|o| !o.is_empty())
        })
}

fn base64() -> impl Strategy<Value = Value> {
    vec(any::<u8>(), 0..24).prop_map(|bytes| {
        Value::from(mcp_content::model::Base64Data::from_bytes(bytes).to_base64())
    })
}

fn uri() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("file:///project/src/main.rs".to_owned()),
        Just("https://example.com/a?b=c#d".to_owned()),
        Just("test://embedded-resource".to_owned()),
        "urn:x-[a-z]{1,8}:[a-z0-9]{1,8}",
    ]
}

fn icon() -> impl Strategy<Value = Value> {
    (
        prop_oneof![
            Just("https://example.com/i.png"),
            Just("data:image/png;base64,aGk=")
        ],
        proptest::option::of(prop_oneof![Just("light"), Just("dark")]),
        proptest::option::of(Just(vec!["48x48", "any"])),
        unknown_fields(&["src", "mimeType", "sizes", "theme"]),
    )
        .prop_map(|(src, theme, sizes, extra)| {
            Value::Object(with(
                extra,
                vec![
                    ("src", Some(Value::from(src))),
                    ("theme", theme.map(Value::from)),
                    ("sizes", sizes.map(Value::from)),
                ],
            ))
        })
}

/// Resource contents: text or blob, with unknown fields and their own `_meta`.
fn resource_contents() -> impl Strategy<Value = Value> {
    (
        uri(),
        proptest::option::of(prop_oneof![
            Just("text/plain"),
            Just("application/json; charset=utf-8")
        ]),
        prop_oneof![
            any::<String>().prop_map(|t| ("text", Value::from(t))),
            base64().prop_map(|b| ("blob", b)),
        ],
        proptest::option::of(meta()),
        unknown_fields(&["uri", "mimeType", "text", "blob", "_meta"]),
    )
        .prop_map(|(uri, mime, (payload_key, payload), meta, extra)| {
            Value::Object(with(
                extra,
                vec![
                    ("uri", Some(Value::from(uri))),
                    ("mimeType", mime.map(Value::from)),
                    (payload_key, Some(payload)),
                    ("_meta", meta),
                ],
            ))
        })
}

const TEXT_KEYS: &[&str] = &["type", "text", "annotations", "_meta"];
const MEDIA_KEYS: &[&str] = &["type", "data", "mimeType", "annotations", "_meta"];
const LINK_KEYS: &[&str] = &[
    "type",
    "uri",
    "name",
    "title",
    "description",
    "mimeType",
    "size",
    "icons",
    "annotations",
    "_meta",
];
const RESOURCE_KEYS: &[&str] = &["type", "resource", "annotations", "_meta"];

/// Optional annotations and `_meta`, as every known block has them.
fn envelope() -> impl Strategy<Value = (Option<Value>, Option<Value>)> {
    (
        proptest::option::of(annotations()),
        proptest::option::of(meta()),
    )
}

/// A `resource_link` block with every optional field.
fn resource_link_block() -> impl Strategy<Value = Map<String, Value>> {
    (
        uri(),
        any::<String>(),
        proptest::option::of(any::<String>()),
        proptest::option::of(any::<String>()),
        proptest::option::of(Just("text/x-rust")),
        proptest::option::of(any::<u64>()),
        proptest::option::of(vec(icon(), 1..3)),
        envelope(),
        unknown_fields(LINK_KEYS),
    )
        .prop_map(
            |(uri, name, title, description, mime, size, icons, (a, m), extra)| {
                with(
                    extra,
                    vec![
                        ("type", Some("resource_link".into())),
                        ("uri", Some(uri.into())),
                        ("name", Some(name.into())),
                        ("title", title.map(Value::from)),
                        ("description", description.map(Value::from)),
                        ("mimeType", mime.map(Value::from)),
                        ("size", size.map(Value::from)),
                        ("icons", icons.map(Value::from)),
                        ("annotations", a),
                        ("_meta", m),
                    ],
                )
            },
        )
}

/// A block of any known type with every optional part, or of an unknown type.
fn block() -> impl Strategy<Value = Value> {
    let text = (any::<String>(), envelope(), unknown_fields(TEXT_KEYS)).prop_map(
        |(text, (a, m), extra)| {
            with(
                extra,
                vec![
                    ("type", Some("text".into())),
                    ("text", Some(text.into())),
                    ("annotations", a),
                    ("_meta", m),
                ],
            )
        },
    );
    let media = (
        prop_oneof![
            Just(("image", "image/png")),
            Just(("image", "image/svg+xml")),
            Just(("audio", "audio/wav")),
            Just(("audio", "audio/ogg; codecs=opus")),
        ],
        base64(),
        envelope(),
        unknown_fields(MEDIA_KEYS),
    )
        .prop_map(|((kind, mime), data, (a, m), extra)| {
            with(
                extra,
                vec![
                    ("type", Some(kind.into())),
                    ("data", Some(data)),
                    ("mimeType", Some(mime.into())),
                    ("annotations", a),
                    ("_meta", m),
                ],
            )
        });
    let link = resource_link_block();
    let embedded = (
        resource_contents(),
        envelope(),
        unknown_fields(RESOURCE_KEYS),
    )
        .prop_map(|(resource, (a, m), extra)| {
            with(
                extra,
                vec![
                    ("type", Some("resource".into())),
                    ("resource", Some(resource)),
                    ("annotations", a),
                    ("_meta", m),
                ],
            )
        });
    // A block type from a newer version: kept whole, whatever its fields are.
    let unknown = (
        "[a-z_]{1,12}".prop_filter("unknown type", |t| {
            !["text", "image", "audio", "resource_link", "resource"].contains(&t.as_str())
        }),
        btree_map(
            prop_oneof![
                "[a-zA-Z_]{1,8}",
                Just("text".to_owned()),
                Just("_meta".to_owned()),
                Just("annotations".to_owned())
            ],
            any_json(),
            0..4,
        ),
    )
        .prop_map(|(kind, fields)| {
            let mut object: Map<String, Value> = fields.into_iter().collect();
            object.insert("type".into(), kind.into());
            object
        });
    prop_oneof![text, media, link, embedded, unknown].prop_map(Value::Object)
}

fn result_type() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just("complete".to_owned()),
        Just("input_required".to_owned()),
        "[a-z_]{1,10}"
    ]
    .prop_map(Value::from)
}

fn call_tool_result() -> impl Strategy<Value = Value> {
    (
        vec(block(), 0..5),
        proptest::option::of(any_json()),
        proptest::option::of(any::<bool>()),
        proptest::option::of(meta()),
        result_type(),
        unknown_fields(&[
            "content",
            "structuredContent",
            "isError",
            "_meta",
            "resultType",
        ]),
    )
        .prop_map(
            |(content, structured, is_error, meta, result_type, extra)| {
                Value::Object(with(
                    extra,
                    vec![
                        ("content", Some(Value::Array(content))),
                        ("structuredContent", structured),
                        ("isError", is_error.map(Value::from)),
                        ("_meta", meta),
                        ("resultType", Some(result_type)),
                    ],
                ))
            },
        )
}

fn get_prompt_result() -> impl Strategy<Value = Value> {
    let message = (
        prop_oneof![Just("user"), Just("assistant")],
        block(),
        unknown_fields(&["role", "content"]),
    )
        .prop_map(|(role, content, extra)| {
            Value::Object(with(
                extra,
                vec![("role", Some(role.into())), ("content", Some(content))],
            ))
        });
    (
        proptest::option::of(any::<String>()),
        vec(message, 0..4),
        proptest::option::of(meta()),
        result_type(),
        unknown_fields(&["description", "messages", "_meta", "resultType"]),
    )
        .prop_map(|(description, messages, meta, result_type, extra)| {
            Value::Object(with(
                extra,
                vec![
                    ("description", description.map(Value::from)),
                    ("messages", Some(Value::Array(messages))),
                    ("_meta", meta),
                    ("resultType", Some(result_type)),
                ],
            ))
        })
}

fn read_resource_result() -> impl Strategy<Value = Value> {
    (
        vec(resource_contents(), 0..4),
        prop_oneof![Just("public"), Just("private")],
        any::<u32>(),
        proptest::option::of(meta()),
        result_type(),
        unknown_fields(&["contents", "cacheScope", "ttlMs", "_meta", "resultType"]),
    )
        .prop_map(|(contents, scope, ttl, meta, result_type, extra)| {
            Value::Object(with(
                extra,
                vec![
                    ("contents", Some(Value::Array(contents))),
                    ("cacheScope", Some(scope.into())),
                    ("ttlMs", Some(ttl.into())),
                    ("_meta", meta),
                    ("resultType", Some(result_type)),
                ],
            ))
        })
}

// ---------------------------------------------------------------------------------------
// The property

/// Key orders to write a document in.
#[derive(Clone, Copy, Debug)]
enum Order {
    Sorted,
    TypeFirst,
    Reversed,
}

/// `value` as JSON text with object keys in `order`, at every level.
fn write_ordered(value: &Value, order: Order, out: &mut String) {
    let Value::Object(object) = value else {
        if let Value::Array(items) = value {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_ordered(item, order, out);
            }
            out.push(']');
        } else {
            out.push_str(&value.to_string());
        }
        return;
    };
    let mut keys: Vec<&String> = object.keys().collect();
    keys.sort();
    match order {
        Order::Sorted => {}
        Order::Reversed => keys.reverse(),
        Order::TypeFirst => keys.sort_by_key(|k| k.as_str() != "type"),
    }
    out.push('{');
    for (i, key) in keys.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&Value::from(key.as_str()).to_string());
        out.push(':');
        write_ordered(&object[key], order, out);
    }
    out.push('}');
}

/// Reads `document` in every key order and checks it writes back as the same JSON.
fn assert_lossless<T: DeserializeOwned + SerializeFor + Validate>(
    document: &Value,
) -> Result<(), TestCaseError> {
    for order in [Order::Sorted, Order::TypeFirst, Order::Reversed] {
        let mut text = String::new();
        write_ordered(document, order, &mut text);
        let model: T = read_json(text.as_bytes())
            .map_err(|e| TestCaseError::fail(format!("{order:?}: {e}\n{text}")))?;
        // An unknown block is in no version's schema: `validate` reports it (and only it),
        // yet it is relayed as it came.
        if let Err(err) = model.validate() {
            prop_assert!(
                err.problems()
                    .iter()
                    .all(|p| p.violation.message.contains("relayed, not validated")),
                "{order:?}: {text}: {err}"
            );
        }
        let written = model.to_value_for(ProtocolVersion::LATEST);
        prop_assert_eq!(&written, document, "{:?}", order);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn call_tool_results_are_relayed_losslessly(document in call_tool_result()) {
        assert_lossless::<CallToolResult>(&document)?;
    }

    #[test]
    fn get_prompt_results_are_relayed_losslessly(document in get_prompt_result()) {
        assert_lossless::<GetPromptResult>(&document)?;
    }

    #[test]
    fn read_resource_results_are_relayed_losslessly(document in read_resource_result()) {
        assert_lossless::<ReadResourceResult>(&document)?;
    }

    #[test]
    fn single_blocks_are_relayed_losslessly(document in block()) {
        assert_lossless::<ContentBlock>(&document)?;
    }
}

/// The cases the property is about, spelled out: what a newer peer may add survives.
#[test]
fn a_newer_peers_additions_survive_a_round_trip() {
    let document = serde_json::json!({
        "content": [
            {"type": "video", "url": "https://example.com/v.mp4", "annotations": {"x": 1}},
            {"type": "text", "text": "hi", "lang": "en", "annotations": {"priority": 0.5, "x-weight": 2}},
            {"type": "resource", "resource": {"uri": "file:///a", "text": "a", "etag": "7", "_meta": {"com.example/rev": 3}}},
            {"type": "image", "data": "aGk=", "mimeType": "image/png", "alt": "chart", "_meta": {"com.example/alt": "x"}}
        ],
        "_meta": {"io.modelcontextprotocol/related-task": {"taskId": "t1"}, "com.example/trace": [1, {"a": null}]},
        "resultType": "complete",
        "ttlHint": 5
    });
    assert_lossless::<CallToolResult>(&document).expect("lossless");
}

/// Found by fuzzing (`fuzz/corpus/content_block/crash-d2a1…`): `serde_json`'s default float
/// parser reads some numbers one ulp off, so a relayed number changed on its way through.
/// The runtime enables `float_roundtrip`; these numbers must come back as they were.
#[test]
fn numbers_are_relayed_exactly() {
    for number in [
        "111211111111111111111111111",
        "1.1121111111111111e+26",
        "2.2250738585072011e-308",
        "9007199254740993.0",
        "0.1",
        "5e-324",
    ] {
        let text = format!(r#"{{"type":"video","size":{number}}}"#);
        let block: ContentBlock = read_json(text.as_bytes()).expect("reads");
        let expected: f64 = number.parse().expect("a number");
        let written = block.to_value_for(ProtocolVersion::LATEST);
        assert_eq!(written["size"].as_f64(), Some(expected), "{number}");
        let again: ContentBlock =
            read_json(&block.to_json_for(ProtocolVersion::LATEST)).expect("reads");
        assert_eq!(again, block, "{number}");
    }
}

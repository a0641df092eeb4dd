//! Deep values through the model's own constructors and readers: a caller's
//! `serde_json::Value` of any depth becomes raw JSON text without overflowing the stack,
//! text past `serde_json`'s 128 levels reads back as the value it is (never `null`), and
//! text that enters unchecked (a `RawValue`) is relayed as it is and refused with its path
//! by every reader of the wire.

use crate::deep::{nested, nested_text, on_stack};
use mcp_content::convert::{
    message_parts::Message, message_parts::Part, template_vars::tool_result_template_vars,
};
use mcp_content::model::{JsonObject, Meta, MetaKey, RawJson};
use mcp_content::rules::Rule;
use mcp_content::wire::{ReadLimits, read_json_with};
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, read_json};
use serde_json::value::RawValue;
use serde_json::{Value, json};

const MIB: usize = 1024 * 1024;

/// Far past anything `serde_json`'s recursive writer or drop survives on a 2 MiB stack.
const VERY_DEEP: usize = 100_000;

/// Runs `test` on a thread with a 2 MiB stack, and passes its panic on.
fn on_small_stack(test: impl FnOnce() + Send + 'static) {
    on_stack(2 * MIB, test);
}

/// Drops `value` without recursion (`Value`'s own drop recurses once per level).
fn drop_flat(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[test]
fn raw_json_from_a_value_of_any_depth_writes_what_serde_json_writes() {
    on_small_stack(|| {
        let value = nested(VERY_DEEP);
        let by_ref = RawJson::from(&value);
        // Compared before asserting: a failing assertion would unwind and drop `value`
        // recursively.
        let same = by_ref.as_str() == nested_text(VERY_DEEP);
        let owned = RawJson::from(value); // dropped without recursion
        assert!(same);
        assert_eq!(owned, by_ref);
    });
    // Where `serde_json` itself can write it: the same bytes, keys and escapes included.
    let value = json!({"b": [1.5, -0, 1e100, u64::MAX], "a\n\u{1}\"": {"": [null, true]}});
    let mut deep = value.clone();
    for _ in 0..200 {
        deep = json!({"k": deep, "x": "\u{7f}é"});
    }
    for value in [value, deep] {
        assert_eq!(
            RawJson::from(&value).as_str(),
            serde_json::to_string(&value).unwrap()
        );
    }
}

#[test]
fn meta_insert_key_and_structured_results_take_any_depth() {
    on_small_stack(|| {
        let text = nested_text(VERY_DEEP);
        let mut meta = Meta::new();
        let key = MetaKey::new("com.example/deep").unwrap();
        meta.insert_key(key, nested(VERY_DEEP));
        assert_eq!(meta.get("com.example/deep").unwrap().get(), text);

        let mut object = JsonObject::new();
        object.insert("deep", nested(VERY_DEEP));
        assert_eq!(object.get("deep").unwrap().get(), text);

        let result = CallToolResult::structured(nested(VERY_DEEP));
        assert_eq!(result.structured_content.as_ref().unwrap().as_str(), text);
        let ContentBlock::Text(block) = &result.content[0] else {
            panic!("a text block");
        };
        assert_eq!(block.text, text);
    });
}

/// Structured content and `_meta` past 128 levels: every conversion that reads them as a
/// `Value` gets the value, not `null`.
#[test]
fn deep_raw_json_reads_back_as_its_value_not_null() {
    let depth = 300;
    let deep_object = json!({"t": nested(depth)});
    let raw = RawJson::from(&deep_object);
    assert_eq!(raw.to_value(), deep_object);
    assert_eq!(Value::from(raw.clone()), deep_object);
    assert!(raw == deep_object);

    let mut result = CallToolResult::structured(deep_object.clone());
    result
        .meta
        .insert_key(MetaKey::new("com.example/deep").unwrap(), nested(depth));
    let message = Message::from_call_tool_result(&result);
    let Some(Part::Data(data)) = message.content.last() else {
        panic!("a data part: {:?}", message.content);
    };
    assert_eq!(data.data, deep_object);
    let metadata = message.metadata.get_value("mcp").unwrap();
    assert_eq!(metadata["_meta"]["com.example/deep"], nested(depth));

    let vars = tool_result_template_vars(&result);
    assert_eq!(vars["t"], nested(depth));

    let mut object = JsonObject::new();
    object.insert("deep", nested(depth));
    assert_eq!(object.get_value("deep").unwrap(), nested(depth));
    assert_eq!(object.to_map()["deep"], nested(depth));
}

/// A `RawJson` made from a `RawValue` is not depth-checked on the way in (`From` cannot
/// fail, and `RawValue` checks syntax without recursion): it is relayed as it is, reads back
/// as its value, and every reader of the wire refuses the document with the path and rule.
/// `RawJson::parse`, the checked route, refuses the same text.
#[test]
fn raw_json_from_a_raw_value_is_relayed_as_is_and_refused_by_readers_with_its_path() {
    on_small_stack(|| {
        for depth in [200, VERY_DEEP] {
            let text = nested_text(depth);
            let raw = RawJson::from(RawValue::from_string(text.clone()).unwrap());
            assert_eq!(raw.as_str(), text);

            let err = RawJson::parse(&text).unwrap_err();
            assert!(err.to_string().contains("nested deeper"), "{err}");

            let mut result = CallToolResult::text("x");
            result.structured_content = Some(raw);
            let written = result.to_json_for(ProtocolVersion::LATEST);
            let written = String::from_utf8(written).unwrap();
            assert!(written.contains(&text));
            // The first array past the limit (the default 64 levels, or the 127 arrays or
            // objects the parser's 128 levels read, under `unlimited`); the root object is
            // level 1, `structuredContent` level 2.
            for (err, limit) in [
                (
                    read_json::<CallToolResult>(written.as_bytes()).unwrap_err(),
                    64,
                ),
                (
                    read_json_with::<CallToolResult>(written.as_bytes(), &ReadLimits::unlimited())
                        .unwrap_err(),
                    127,
                ),
            ] {
                assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
                let path = format!("structuredContent{}", "[0]".repeat(limit - 1));
                assert_eq!(err.path(), path, "{err}");
            }
        }
    });
}

/// The value read back from text past 128 levels, on a small stack: read without
/// recursion, dropped by the caller without recursion.
#[test]
fn very_deep_raw_json_reads_back_without_overflow() {
    on_small_stack(|| {
        let raw = RawJson::from(RawValue::from_string(nested_text(VERY_DEEP)).unwrap());
        let value = raw.to_value();
        let again = RawJson::from(&value);
        drop_flat(value);
        assert_eq!(again, raw);
    });
}

/// The `_meta` reader of generated read-back code, and the annotations of a block turned
/// into message metadata: past 128 levels they read the value, not absent or `null`.
#[test]
fn deep_meta_and_annotation_extras_are_not_lost() {
    let depth = 300;
    let mut meta = Meta::new();
    meta.insert_key(MetaKey::new("com.example/deep").unwrap(), nested(depth));
    assert_eq!(
        mcp_content::__private_0_1::read::meta_json(&meta, "com.example/deep"),
        Some(nested(depth))
    );

    let mut block = ContentBlock::text("x");
    let ContentBlock::Text(text) = &mut block else {
        unreachable!()
    };
    let mut annotations = mcp_content::model::Annotations::default();
    annotations.extra.insert("deep", nested(depth));
    text.annotations = Some(annotations);
    let mut result = CallToolResult::text("x");
    result.content = vec![block];
    let message = Message::from_call_tool_result(&result);
    let Some(Part::Text(part)) = message.content.first() else {
        panic!("a text part: {:?}", message.content);
    };
    assert_eq!(
        part.metadata.get_value("mcp").unwrap()["annotations"]["deep"],
        nested(depth),
        "{:?}",
        part.metadata
    );
}

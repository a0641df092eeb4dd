//! The [`Context`]'s own state: the input-key counter its clones share, and
//! the request `_meta` read once, on first use, keeping every key the grammar allows.

use super::*;

#[test]
fn clones_of_a_context_count_input_keys_together() {
    let first = Context::new(Meta::new(), ProtocolVersion::LATEST);
    let second = first.clone();
    assert_eq!(first.auto_key("elicitation"), "elicitation-1");
    assert_eq!(second.auto_key("elicitation"), "elicitation-2");
    let third = second.clone();
    assert_eq!(third.auto_key("roots"), "roots-3");
    assert_eq!(first.auto_key("sampling"), "sampling-4");
    // A context that is neither cloned nor asked has no counter yet.
    let fresh = Context::default();
    assert!(fresh.next_key.get().is_none());
}

#[test]
fn a_raw_meta_is_read_once_on_first_use_and_keeps_every_valid_key() {
    let raw = RawValue::from_string(
        r#"{ "progressToken" : "p-1", "com.example/trace": {"id": [1, 2.5]}, "-bad": 1 }"#.into(),
    )
    .unwrap();
    let context = Context::from_raw_meta(raw, ProtocolVersion::V2025_11_25);
    assert!(context.meta.get().is_none());
    let meta = context.meta();
    assert_eq!(
        serde_json::to_string(meta).unwrap(),
        r#"{"progressToken":"p-1","com.example/trace":{"id":[1,2.5]}}"#
    );
    assert_eq!(context.progress_token(), Some(Value::from("p-1")));
    // A clone keeps what was read, and what was not.
    assert_eq!(context.clone().meta(), meta);
    let unread = Context::from_raw_meta(
        RawValue::from_string(r#"{"progressToken":3}"#.into()).unwrap(),
        ProtocolVersion::LATEST,
    );
    assert_eq!(unread.clone().progress_token(), Some(Value::from(3)));
    let not_an_object = Context::from_raw_meta(
        RawValue::from_string("[1]".into()).unwrap(),
        ProtocolVersion::LATEST,
    );
    assert!(not_an_object.meta().is_empty());
}

#[test]
fn a_meta_map_drops_only_the_keys_that_break_the_grammar() {
    let Value::Object(map) = serde_json::json!({"progressToken": 1, "a b": 2, "x/y": 3}) else {
        unreachable!()
    };
    let context = Context::from_meta_map(map, ProtocolVersion::LATEST);
    assert_eq!(
        serde_json::to_string(context.meta()).unwrap(),
        r#"{"progressToken":1,"x/y":3}"#
    );
}

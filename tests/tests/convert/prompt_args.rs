//! Prompt arguments: every JSON type to the string map `prompts/get` takes.

use mcp_content::convert::{prompt_args::prompt_argument, prompt_args::prompt_arguments};
use serde_json::{Map, Value, json};

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

#[test]
fn strings_are_taken_as_they_are() {
    assert_eq!(prompt_argument(&json!("Paris")).as_deref(), Some("Paris"));
    assert_eq!(prompt_argument(&json!("")).as_deref(), Some(""));
    // No quoting, no escaping.
    assert_eq!(
        prompt_argument(&json!("say \"hi\"\n")).as_deref(),
        Some("say \"hi\"\n")
    );
    // A string that looks like JSON stays a string.
    assert_eq!(prompt_argument(&json!("42")).as_deref(), Some("42"));
    assert_eq!(prompt_argument(&json!("null")).as_deref(), Some("null"));
}

#[test]
fn numbers_use_their_json_spelling() {
    assert_eq!(prompt_argument(&json!(0)).as_deref(), Some("0"));
    assert_eq!(prompt_argument(&json!(-7)).as_deref(), Some("-7"));
    assert_eq!(
        prompt_argument(&json!(u64::MAX)).as_deref(),
        Some("18446744073709551615")
    );
    assert_eq!(prompt_argument(&json!(1.5)).as_deref(), Some("1.5"));
    assert_eq!(prompt_argument(&json!(1.0)).as_deref(), Some("1.0"));
    let big: Value = serde_json::from_str("1e100").unwrap();
    assert_eq!(prompt_argument(&big).as_deref(), Some("1e+100"));
}

#[test]
fn booleans_use_their_json_spelling() {
    assert_eq!(prompt_argument(&json!(true)).as_deref(), Some("true"));
    assert_eq!(prompt_argument(&json!(false)).as_deref(), Some("false"));
}

#[test]
fn arrays_and_objects_are_compact_json() {
    assert_eq!(prompt_argument(&json!([])).as_deref(), Some("[]"));
    assert_eq!(prompt_argument(&json!({})).as_deref(), Some("{}"));
    assert_eq!(
        prompt_argument(&json!([1, "a", null, {"b": [true]}])).as_deref(),
        Some(r#"[1,"a",null,{"b":[true]}]"#)
    );
    assert_eq!(
        prompt_argument(&json!({"k": "v w", "n": null})).as_deref(),
        Some(r#"{"k":"v w","n":null}"#)
    );
}

#[test]
fn null_is_omitted() {
    assert_eq!(prompt_argument(&Value::Null), None);
    let strings = prompt_arguments(object(json!({"a": null, "b": "x"})));
    assert_eq!(strings.len(), 1);
    assert!(!strings.contains_key("a"));
}

#[test]
fn a_map_of_every_json_type() {
    let strings = prompt_arguments(object(json!({
        "string": "text",
        "integer": 3,
        "float": -0.25,
        "true": true,
        "false": false,
        "array": [1, 2],
        "object": {"a": 1},
        "null": null,
    })));
    assert_eq!(
        serde_json::to_value(&strings).unwrap(),
        json!({
            "string": "text",
            "integer": "3",
            "float": "-0.25",
            "true": "true",
            "false": "false",
            "array": "[1,2]",
            "object": "{\"a\":1}",
        })
    );
}

#[test]
fn an_empty_map_gives_an_empty_map() {
    assert!(prompt_arguments(Map::new()).is_empty());
}

#[test]
fn any_iterator_of_pairs_is_accepted() {
    let strings = prompt_arguments(vec![("n".to_owned(), json!(1))]);
    assert_eq!(strings["n"], "1");
}

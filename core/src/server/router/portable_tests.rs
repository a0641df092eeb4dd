//! The portable form on schemas written by hand in schemars' words: which formats go, which
//! `null`s go (in input schemas only, on properties that are not required), at any depth, and
//! that a property named like a keyword is a name, not a keyword.

use serde_json::{Map, Value, json};

use super::{input, output};

fn map(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => unreachable!("an object"),
    }
}

#[test]
fn non_standard_formats_go_standard_ones_stay_at_every_depth() {
    let mut schema = map(json!({
        "type": "object",
        "properties": {
            "n": {"type": "integer", "format": "uint32", "minimum": 0},
            "x": {"type": "number", "format": "double"},
            "when": {"type": "string", "format": "date-time"},
            "mail": {"type": "string", "format": "email"},
            "id": {"type": "string", "format": "uuid"},
            "ip": {"type": "string", "format": "ip"},
            "list": {"type": "array", "items": {"type": "integer", "format": "int64"}},
            "pair": {"type": "array", "prefixItems": [{"type": "integer", "format": "uint8"}]},
            "map": {"type": "object", "additionalProperties": {"type": "number", "format": "float"}},
            "format": {"type": "string", "format": "hostname"}
        },
        "required": ["n", "x", "when", "mail", "id", "ip", "list", "pair", "map", "format"],
        "$defs": {"Deep": {"anyOf": [{"type": "integer", "format": "int128"}, {"type": "string"}]}}
    }));
    input(&mut schema);
    let p = &schema["properties"];
    assert_eq!(p["n"], json!({"type": "integer", "minimum": 0}));
    assert_eq!(p["x"], json!({"type": "number"}));
    assert_eq!(p["when"]["format"], "date-time");
    assert_eq!(p["mail"]["format"], "email");
    assert_eq!(p["id"]["format"], "uuid");
    assert!(p["ip"].get("format").is_none());
    assert_eq!(p["list"]["items"], json!({"type": "integer"}));
    assert_eq!(p["pair"]["prefixItems"][0], json!({"type": "integer"}));
    assert_eq!(p["map"]["additionalProperties"], json!({"type": "number"}));
    // A property named `format` is kept; its own standard format too.
    assert_eq!(p["format"], json!({"type": "string", "format": "hostname"}));
    assert_eq!(
        schema["$defs"]["Deep"]["anyOf"][0],
        json!({"type": "integer"})
    );
}

#[test]
fn an_argument_that_is_not_required_is_typed_as_its_inner_type() {
    let mut schema = map(json!({
        "type": "object",
        "properties": {
            "days": {"type": ["integer", "null"], "format": "uint8", "minimum": 0, "maximum": 255},
            "size": {"anyOf": [{"$ref": "#/$defs/Size"}, {"type": "null"}], "description": "Size"},
            "tags": {"type": ["array", "null"], "items": {"type": "string"}, "default": null},
            "color": {"type": ["string", "null"], "enum": ["red", "blue", null]},
            "kept": {"type": ["integer", "null"]}
        },
        "required": ["kept"],
        "$defs": {
            "Size": {"type": "string", "enum": ["S", "L"]},
            "Inner": {
                "type": "object",
                "properties": {"note": {"type": ["string", "null"]}, "must": {"type": ["string", "null"]}},
                "required": ["must"]
            }
        }
    }));
    input(&mut schema);
    let p = &schema["properties"];
    assert_eq!(
        p["days"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    assert_eq!(
        p["size"],
        json!({"$ref": "#/$defs/Size", "description": "Size"})
    );
    assert_eq!(
        p["tags"],
        json!({"type": "array", "items": {"type": "string"}})
    );
    assert_eq!(
        p["color"],
        json!({"type": "string", "enum": ["red", "blue"]})
    );
    // Required and nullable: `null` is a value the argument takes.
    assert_eq!(p["kept"], json!({"type": ["integer", "null"]}));
    let inner = &schema["$defs"]["Inner"]["properties"];
    assert_eq!(inner["note"], json!({"type": "string"}));
    assert_eq!(inner["must"], json!({"type": ["string", "null"]}));
}

#[test]
fn output_schemas_keep_their_nulls() {
    let mut schema = map(json!({
        "type": "object",
        "properties": {"rain": {"type": ["number", "null"], "format": "double"}}
    }));
    output(&mut schema);
    assert_eq!(
        schema["properties"]["rain"],
        json!({"type": ["number", "null"]})
    );
}

#[test]
fn a_schema_nested_past_the_depth_bound_is_left_below_it() {
    let mut deep = json!({"type": "integer", "format": "uint8"});
    for _ in 0..200 {
        deep = json!({"type": "array", "items": deep});
    }
    let mut schema = map(deep);
    input(&mut schema);
    output(&mut schema);
}

#[test]
fn conditions_keep_their_nulls_and_lose_only_formats() {
    let mut schema = map(json!({
        "type": "object",
        "properties": {"mode": {"type": ["string", "null"]}},
        "if": {"properties": {"mode": {"type": ["null"], "format": "int32"}}},
        "then": {"properties": {"x": {"type": ["integer", "null"]}}},
        "not": {"properties": {"y": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
    }));
    let conditions = ["if", "then", "not"].map(|k| schema[k].clone());
    input(&mut schema);
    assert_eq!(schema["properties"]["mode"], json!({"type": "string"}));
    assert_eq!(
        schema["if"],
        json!({"properties": {"mode": {"type": ["null"]}}})
    );
    assert_eq!(schema["then"], conditions[1]);
    assert_eq!(schema["not"], conditions[2]);
}

//! Forms from Rust types and back: each protocol version's shape of a select field, what
//! 2025-06-18 cannot take, what is not a form, and answers read back typed or refused naming
//! the field.

use super::*;
use serde_json::json;

#[derive(schemars::JsonSchema, serde::Deserialize, Debug, PartialEq)]
#[allow(dead_code)]
enum Size {
    /// Small
    S,
    /// Large
    L,
}

#[derive(schemars::JsonSchema, serde::Deserialize, Debug, PartialEq)]
struct Order {
    /// Who orders
    name: String,
    count: u8,
    gift: Option<bool>,
    size: Size,
}

#[derive(schemars::JsonSchema, serde::Deserialize)]
#[allow(dead_code)]
struct Toppings {
    sizes: Vec<Size>,
}

#[derive(schemars::JsonSchema, serde::Deserialize)]
#[allow(dead_code)]
struct Nested {
    inner: Order,
}

#[test]
fn titled_options_take_each_versions_shape() {
    let form = FormSchema::of::<Order>().unwrap();
    let new = form.to_value_for(ProtocolVersion::V2025_11_25).unwrap();
    assert_eq!(
        new["properties"]["size"]["oneOf"],
        json!([{"const": "S", "title": "Small"}, {"const": "L", "title": "Large"}])
    );
    // 2025-06-18 has no `oneOf` options: its EnumSchema is `enum` + `enumNames`.
    let old = form.to_value_for(ProtocolVersion::V2025_06_18).unwrap();
    assert_eq!(old["properties"]["size"]["enum"], json!(["S", "L"]));
    assert_eq!(
        old["properties"]["size"]["enumNames"],
        json!(["Small", "Large"])
    );
    assert!(old["properties"]["size"].get("oneOf").is_none());
    assert_eq!(old["properties"]["count"]["type"], "integer");
    let mut required: Vec<&str> = old["required"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    required.sort_unstable();
    assert_eq!(required, ["count", "name", "size"]);
}

#[test]
fn multi_select_is_refused_for_2025_06_18_only() {
    let form = FormSchema::of::<Toppings>().unwrap();
    let err = form.to_value_for(ProtocolVersion::V2025_06_18).unwrap_err();
    assert_eq!(err.field, "sizes");
    let new = form.to_value_for(ProtocolVersion::V2026_07_28).unwrap();
    assert_eq!(new["properties"]["sizes"]["type"], "array");
    assert_eq!(
        new["properties"]["sizes"]["items"]["anyOf"][0]["const"],
        "S"
    );
}

#[test]
fn nested_objects_are_not_forms() {
    let err = FormSchema::of::<Nested>().unwrap_err();
    assert_eq!(err.field, "inner");
}

#[test]
fn answers_come_back_typed_or_name_the_field() {
    let form = FormSchema::of::<Order>().unwrap();
    let ok = json!({"action": "accept", "content": {"name": "Ada", "count": 2, "size": "L"}});
    assert_eq!(
        Elicitation::<Order>::from_result(&form, &ok).unwrap(),
        Elicitation::Accept(Order {
            name: "Ada".into(),
            count: 2,
            gift: None,
            size: Size::L
        })
    );
    let wrong =
        json!({"action": "accept", "content": {"name": "Ada", "count": "two", "size": "L"}});
    assert_eq!(
        Elicitation::<Order>::from_result(&form, &wrong)
            .unwrap_err()
            .field,
        "count"
    );
    let missing = json!({"action": "accept", "content": {"name": "Ada", "size": "L"}});
    assert_eq!(
        Elicitation::<Order>::from_result(&form, &missing)
            .unwrap_err()
            .field,
        "count"
    );
    let not_an_option =
        json!({"action": "accept", "content": {"name": "A", "count": 1, "size": "XL"}});
    assert_eq!(
        Elicitation::<Order>::from_result(&form, &not_an_option)
            .unwrap_err()
            .field,
        "size"
    );
    let out_of_range =
        json!({"action": "accept", "content": {"name": "A", "count": 300, "size": "S"}});
    assert_eq!(
        Elicitation::<Order>::from_result(&form, &out_of_range)
            .unwrap_err()
            .field,
        "count"
    );
    assert_eq!(
        Elicitation::<Order>::from_result(&form, &json!({"action": "decline"})).unwrap(),
        Elicitation::Decline
    );
    assert_eq!(
        Elicitation::<Order>::from_result(&form, &json!({"action": "cancel"})).unwrap(),
        Elicitation::Cancel
    );
}

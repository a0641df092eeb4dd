//! Elicitation forms cross to rmcp's clients: the `requestedSchema` written for every
//! protocol version reads as rmcp's `ElicitationSchema` (whose `IntegerSchema` takes integer
//! bounds only, `i64`), for every integer width, floats, options, enums and multi-selects;
//! a type whose form cannot cross is refused naming the field and the reason.

use mcp_content::ProtocolVersion;
use mcp_content::input::{FieldKind, FormSchema};
use rmcp::model::{ElicitationSchema, EnumSchema, PrimitiveSchemaDefinition};
use serde_json::{Value, json};

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
enum Size {
    /// Small
    S,
    /// Large
    L,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
enum Plain {
    Red,
    Blue,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct EveryWidth {
    a: u8,
    b: u16,
    c: u32,
    d: u64,
    e: i8,
    f: i16,
    g: i32,
    h: i64,
    i: usize,
    j: isize,
    k: f32,
    l: f64,
    m: Option<u32>,
    n: Option<i8>,
    o: Option<f64>,
    size: Size,
    plain: Plain,
    maybe_size: Option<Size>,
    flag: bool,
    name: String,
    letter: char,
}

/// The form written for `version`, read as rmcp's type.
fn through_rmcp(form: &FormSchema, version: ProtocolVersion) -> (Value, ElicitationSchema) {
    let written = form.to_value_for(version).unwrap();
    let read: ElicitationSchema = serde_json::from_value(written.clone())
        .unwrap_or_else(|e| panic!("{version}: rmcp cannot read {written}: {e}"));
    (written, read)
}

fn integer_bounds(read: &ElicitationSchema, name: &str) -> (Option<i64>, Option<i64>) {
    match &read.properties[name] {
        PrimitiveSchemaDefinition::Integer(schema) => (schema.minimum, schema.maximum),
        other => panic!("`{name}` is not an integer schema to rmcp: {other:?}"),
    }
}

#[test]
fn integer_fields_of_every_width_cross_with_their_bounds_as_integers() {
    let form = FormSchema::of::<EveryWidth>().unwrap();
    for version in VERSIONS {
        let (written, read) = through_rmcp(&form, version);
        // Written as JSON integers, never `0.0`.
        assert_eq!(written["properties"]["a"]["minimum"], json!(0));
        assert!(written["properties"]["a"]["minimum"].is_u64(), "{written}");
        assert_eq!(integer_bounds(&read, "a"), (Some(0), Some(255)));
        assert_eq!(integer_bounds(&read, "b"), (Some(0), Some(65_535)));
        assert_eq!(integer_bounds(&read, "c").0, Some(0));
        assert_eq!(integer_bounds(&read, "d").0, Some(0));
        assert_eq!(integer_bounds(&read, "e"), (Some(-128), Some(127)));
        assert_eq!(integer_bounds(&read, "f"), (Some(-32_768), Some(32_767)));
        integer_bounds(&read, "g");
        integer_bounds(&read, "h");
        assert_eq!(integer_bounds(&read, "i").0, Some(0));
        integer_bounds(&read, "j");
        assert_eq!(integer_bounds(&read, "m").0, Some(0));
        assert_eq!(integer_bounds(&read, "n"), (Some(-128), Some(127)));
        for float in ["k", "l", "o"] {
            assert!(
                matches!(read.properties[float], PrimitiveSchemaDefinition::Number(_)),
                "{float}: {:?}",
                read.properties[float]
            );
        }
        assert!(matches!(
            read.properties["flag"],
            PrimitiveSchemaDefinition::Boolean(_)
        ));
        for string in ["name", "letter"] {
            assert!(matches!(
                read.properties[string],
                PrimitiveSchemaDefinition::String(_)
            ));
        }
        for select in ["size", "plain", "maybe_size"] {
            assert!(
                matches!(read.properties[select], PrimitiveSchemaDefinition::Enum(_)),
                "{version} {select}: {:?}",
                read.properties[select]
            );
        }
        let required = read.required.clone().unwrap_or_default();
        for optional in ["m", "n", "o", "maybe_size"] {
            assert!(!required.iter().any(|r| r == optional), "{optional}");
        }
        assert!(required.iter().any(|r| r == "a"));
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Bounded {
    #[schemars(range(min = 1, max = 10))]
    guests: u32,
    #[schemars(range(min = 0.5, max = 2.5))]
    ratio: f64,
    #[schemars(length(min = 2, max = 40))]
    nickname: String,
    #[serde(default = "three")]
    #[schemars(default = "three")]
    nights: u8,
    sizes: Vec<Size>,
    colors: Vec<Plain>,
}

fn three() -> u8 {
    3
}

#[test]
fn bounds_lengths_defaults_and_multi_selects_cross() {
    let form = FormSchema::of::<Bounded>().unwrap();
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let (written, read) = through_rmcp(&form, version);
        assert_eq!(integer_bounds(&read, "guests"), (Some(1), Some(10)));
        let PrimitiveSchemaDefinition::Integer(nights) = &read.properties["nights"] else {
            panic!("{written}")
        };
        assert_eq!(nights.default, Some(3));
        let PrimitiveSchemaDefinition::Number(ratio) = &read.properties["ratio"] else {
            panic!("{written}")
        };
        assert_eq!((ratio.minimum, ratio.maximum), (Some(0.5), Some(2.5)));
        let PrimitiveSchemaDefinition::String(nickname) = &read.properties["nickname"] else {
            panic!("{written}")
        };
        assert_eq!(
            (nickname.min_length, nickname.max_length),
            (Some(2), Some(40))
        );
        for multi in ["sizes", "colors"] {
            assert!(
                matches!(
                    read.properties[multi],
                    PrimitiveSchemaDefinition::Enum(EnumSchema::Multi(_))
                ),
                "{multi}: {:?}",
                read.properties[multi]
            );
        }
    }
    // 2025-06-18 has no multi-select: refused naming the field, before anything is sent.
    let err = form.to_value_for(ProtocolVersion::V2025_06_18).unwrap_err();
    assert!(["sizes", "colors"].contains(&err.field.as_str()), "{err}");
    assert!(err.to_string().contains("multi-select"), "{err}");
}

#[test]
fn hand_written_integer_bounds_written_as_floats_cross_as_integers() {
    let form = FormSchema::from_json_schema(&json!({
        "type": "object",
        "properties": {"count": {"type": "integer", "minimum": 1.0, "maximum": 9.0}},
    }))
    .unwrap();
    let FieldKind::Number { minimum, .. } = &form.fields[0].kind else {
        panic!()
    };
    assert!(minimum.as_ref().unwrap().is_i64());
    for version in VERSIONS {
        let (written, read) = through_rmcp(&form, version);
        assert_eq!(written["properties"]["count"]["minimum"], json!(1));
        assert_eq!(integer_bounds(&read, "count"), (Some(1), Some(9)));
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Address {
    street: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct WithNested {
    name: String,
    home: Address,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct WithList {
    scores: Vec<u32>,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct WithUuidLikeFormat {
    #[schemars(extend("format" = "hostname"))]
    host: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
enum Shape {
    Circle { radius: f64 },
    Square(f64),
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct WithDataEnum {
    shape: Shape,
}

#[test]
fn forms_that_cannot_cross_are_refused_naming_the_field_and_the_reason() {
    let cases: [(Result<FormSchema, _>, &str, &str); 4] = [
        (FormSchema::of::<WithNested>(), "home", "object"),
        (FormSchema::of::<WithList>(), "scores", "string enum"),
        (FormSchema::of::<WithUuidLikeFormat>(), "host", "hostname"),
        (FormSchema::of::<WithDataEnum>(), "shape", "primitive"),
    ];
    for (form, field, reason) in cases {
        let err = form.unwrap_err();
        assert_eq!(err.field, field, "{err}");
        assert!(err.to_string().contains(reason), "{err}");
        assert!(err.to_string().contains(field), "{err}");
    }
}

#[test]
fn bounds_and_defaults_a_typed_client_cannot_read_are_refused() {
    let cases = [
        (
            json!({"type": "integer", "maximum": 18_446_744_073_709_551_615_u64}),
            "64-bit",
        ),
        (json!({"type": "integer", "minimum": 0.5}), "whole number"),
        (json!({"type": "integer", "default": 1.5}), "default"),
        (json!({"type": "string", "default": 7}), "default"),
        (
            json!({"type": "string", "maxLength": 5_000_000_000_u64}),
            "maxLength",
        ),
        (json!({"type": "string", "minLength": -1}), "minLength"),
        (json!({"type": "number", "minimum": "1"}), "minimum"),
        (
            json!({"type": "string", "enum": ["a", "b"], "default": "c"}),
            "default",
        ),
    ];
    for (property, reason) in cases {
        let err = FormSchema::from_json_schema(&json!({
            "type": "object", "properties": {"field": property.clone()},
        }))
        .unwrap_err();
        assert_eq!(err.field, "field", "{property}: {err}");
        assert!(err.to_string().contains(reason), "{property}: {err}");
    }
}

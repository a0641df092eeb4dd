//! The schemas a router lists for `#[tool]`s: by default what every client reads (no
//! schemars-only `format`, an argument that may be left out typed as its inner type, at every
//! depth), valid JSON Schema that still accepts every argument the tool reads; with
//! `full_schemas(true)`, schemars' output as it is.

use mcp_content::{Content, Router, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Window {
    /// Hours ahead
    hours: u16,
    step: Option<u8>,
    #[schemars(email)]
    notify: Option<String>,
}

/// Every width of number, options, an enum and a nested struct.
#[tool]
#[allow(clippy::too_many_arguments, clippy::many_single_char_names)]
fn measure(
    a: u8,
    b: u16,
    c: u32,
    d: u64,
    e: i8,
    f: i16,
    g: i32,
    h: i64,
    k: f32,
    l: f64,
    m: Option<u32>,
    n: Option<f64>,
    unit: Option<Unit>,
    window: Option<Window>,
    tags: Option<Vec<String>>,
) -> String {
    let _ = (a, b, c, d, e, f, g, h, k, l, m, n, unit, window, tags);
    String::new()
}

#[derive(Content, Serialize, Deserialize, JsonSchema)]
#[content(structured)]
struct Reading {
    #[content(text)]
    label: String,
    value: u32,
    rain: Option<f64>,
}

/// A structured result.
#[tool]
fn read_sensor() -> Reading {
    Reading {
        label: "ok".into(),
        value: 1,
        rain: None,
    }
}

/// Every `format` in a schema, with its path.
fn formats(value: &Value, at: &str, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "format" && inner.is_string() && !at.ends_with("/properties") {
                    found.push(format!("{at}: {inner}"));
                }
                formats(inner, &format!("{at}/{key}"), found);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                formats(inner, &format!("{at}/{i}"), found);
            }
        }
        _ => {}
    }
}

fn schemas(router: &Router) -> (Value, Value) {
    let tools = router.list_tools();
    let input = |name: &str| {
        let tool = tools.iter().find(|t| t.name.as_str() == name).unwrap();
        Value::Object(tool.input_schema.to_map())
    };
    let sensor = tools
        .iter()
        .find(|t| t.name.as_str() == "read_sensor")
        .unwrap();
    (
        input("measure"),
        Value::Object(sensor.output_schema.as_ref().unwrap().to_map()),
    )
}

#[test]
fn listed_input_schemas_are_portable_by_default() {
    let router = Router::builder()
        .tool(measure {})
        .tool(read_sensor {})
        .build()
        .unwrap();
    let (input, output) = schemas(&router);
    let p = &input["properties"];
    assert_eq!(
        p["a"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    assert_eq!(p["c"], json!({"type": "integer", "minimum": 0}));
    assert_eq!(p["h"], json!({"type": "integer"}));
    assert_eq!(p["k"], json!({"type": "number"}));
    assert_eq!(p["m"], json!({"type": "integer", "minimum": 0}));
    assert_eq!(p["n"], json!({"type": "number"}));
    assert_eq!(p["unit"], json!({"$ref": "#/$defs/Unit"}));
    assert_eq!(p["window"], json!({"$ref": "#/$defs/Window"}));
    assert_eq!(
        p["tags"],
        json!({"type": "array", "items": {"type": "string"}})
    );
    let window = &input["$defs"]["Window"]["properties"];
    assert_eq!(
        window["step"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    // A standard format stays.
    assert_eq!(
        window["notify"],
        json!({"type": "string", "format": "email"})
    );
    let mut found = Vec::new();
    formats(&input, "", &mut found);
    assert_eq!(found, ["/$defs/Window/properties/notify: \"email\""]);
    let required: Vec<&str> = input["required"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(required, ["a", "b", "c", "d", "e", "f", "g", "h", "k", "l"]);
    assert!(!input.to_string().contains("null"), "{input}");
    // The output schema loses schemars' formats but keeps `null`: `None` is written as null.
    assert_eq!(
        output["properties"]["rain"],
        json!({"type": ["number", "null"]})
    );
    assert_eq!(
        output["properties"]["value"],
        json!({"type": "integer", "minimum": 0})
    );
}

#[test]
fn portable_input_schemas_are_valid_and_accept_what_the_tool_reads() {
    let router = Router::builder()
        .tool(measure {})
        .tool(read_sensor {})
        .build()
        .unwrap();
    let (input, _) = schemas(&router);
    let validator = jsonschema::validator_for(&input).unwrap();
    let all = json!({
        "a": 255, "b": 1, "c": 4_000_000_000_u64, "d": 1, "e": -128, "f": 1, "g": -1, "h": 1,
        "k": 0.5, "l": 1e300, "m": 3, "n": 2.5, "unit": "Celsius",
        "window": {"hours": 4, "step": 2, "notify": "a@example.com"}, "tags": ["x"],
    });
    assert!(validator.is_valid(&all), "{all}");
    let least =
        json!({"a": 0, "b": 0, "c": 0, "d": 0, "e": 0, "f": 0, "g": 0, "h": 0, "k": 0, "l": 0});
    assert!(validator.is_valid(&least));
    assert!(!validator.is_valid(&json!({"a": 256})));
}

#[test]
fn full_schemas_lists_schemars_output_as_it_is() {
    let router = Router::builder()
        .tool(measure {})
        .tool(read_sensor {})
        .full_schemas(true)
        .build()
        .unwrap();
    let (input, output) = schemas(&router);
    let p = &input["properties"];
    assert_eq!(
        p["m"],
        json!({"type": ["integer", "null"], "format": "uint32", "minimum": 0})
    );
    assert_eq!(p["a"]["format"], "uint8");
    assert_eq!(output["properties"]["rain"]["format"], "double");
}

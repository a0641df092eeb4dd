//! Our own results whose structured value is not an object (an array, a string, a number, a
//! unit variant) go to 2025-era peers wrapped as `{"result": …}`, with an output schema
//! marked `"x-fastmcp-wrap-result": true`; 2026-07-28 peers get the value as it is. Either
//! way our reader, given the tool as listed and the result as written for that version,
//! reads the value back, and every result passes its listed schema.

use mcp_content::convert::typed_result::{ResultWrapping, ToolOutput};
use mcp_content::model::{Tool, ToolName};
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor,
    StructuredOutput, read_json,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const ERAS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

/// The tool and the result as a peer on `version` reads them.
fn over_the_wire(
    schema: &Value,
    result: &CallToolResult,
    version: ProtocolVersion,
) -> (Tool, CallToolResult) {
    let mut tool = Tool::new(ToolName::new("t").unwrap());
    tool.output_schema = Some(schema.as_object().unwrap().clone().into());
    let tool: Tool = read_json(&tool.to_json_for(version)).unwrap();
    let result: CallToolResult = read_json(&result.to_json_for(version)).unwrap();
    (tool, result)
}

#[test]
fn non_object_values_round_trip_in_every_era() {
    let cases = [
        (
            json!({"type": "array", "items": {"type": "string"}}),
            json!(["Paris", "Oslo"]),
        ),
        (json!({"type": "string"}), json!("hello")),
        (json!({"type": "integer"}), json!(42)),
        (json!({"type": "boolean"}), json!(false)),
        (
            json!({"type": "array", "items": {"type": "object"}}),
            json!([{"result": 1}]),
        ),
    ];
    for version in ERAS {
        for (schema, value) in &cases {
            let (tool, result) =
                over_the_wire(schema, &CallToolResult::structured(value.clone()), version);
            let output = ToolOutput::for_tool(&tool).unwrap().unwrap();
            let wrapped = version != ProtocolVersion::V2026_07_28;
            assert_eq!(
                output.wrapping().is_wrapped(),
                wrapped,
                "{version} {schema}"
            );
            if wrapped {
                assert_eq!(output.wrapping(), ResultWrapping::FastMcp);
                assert_eq!(
                    tool.output_schema.as_ref().unwrap().to_map()["x-fastmcp-wrap-result"],
                    json!(true)
                );
            }
            output.check(&result).unwrap();
            assert_eq!(&output.read::<Value>(&result).unwrap(), value, "{version}");
            assert_eq!(&output.value(&result).unwrap(), value, "{version}");
        }
    }
}

#[test]
fn an_object_schema_is_never_marked() {
    // A value that is an object (even one with a single `result`) goes out as it is.
    let schema = json!({"type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"]});
    for version in ERAS {
        let (tool, result) = over_the_wire(
            &schema,
            &CallToolResult::structured(json!({"result": 3})),
            version,
        );
        let output = ToolOutput::for_tool(&tool).unwrap().unwrap();
        assert_eq!(output.wrapping(), ResultWrapping::None, "{version}");
        assert_eq!(output.read::<Value>(&result).unwrap(), json!({"result": 3}));
    }
}

#[test]
fn a_big_integer_list_round_trips_exactly() {
    let value: mcp_content::model::RawJson = mcp_content::model::RawJson::parse(
        "[18446744073709551617,-170141183460469231731687303715884105728]",
    )
    .unwrap();
    for version in ERAS {
        let result = CallToolResult {
            structured_content: Some(value.clone()),
            ..CallToolResult::default()
        };
        let (tool, result) = over_the_wire(
            &json!({"type": "array", "items": {"type": "integer"}}),
            &result,
            version,
        );
        let output = ToolOutput::for_tool(&tool).unwrap().unwrap();
        let read: (u128, i128) = output.read(&result).unwrap();
        assert_eq!(read, (18_446_744_073_709_551_617, i128::MIN), "{version}");
        let prefix = if version == ProtocolVersion::V2026_07_28 {
            "structuredContent[0]"
        } else {
            "structuredContent.result[0]"
        };
        assert_eq!(output.value(&result).unwrap_err().path(), prefix);
    }
}

/// A structured enum whose unit variant serializes as a string, the other as an object.
#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq, Clone)]
#[content(structured)]
enum Dimmer {
    Level(#[content(text)] u32),
    Off,
}

#[test]
fn a_derived_string_value_round_trips_in_every_era() {
    for (value, structured) in [
        (Dimmer::Off, json!("Off")),
        (Dimmer::Level(3), json!({"Level": 3})),
    ] {
        for version in ERAS {
            let (tool, result) = over_the_wire(
                &Value::Object(Dimmer::output_schema().unwrap()),
                &value.clone().into_call_tool_result(),
                version,
            );
            assert_eq!(
                Dimmer::from_call_tool_result(&result).unwrap(),
                value,
                "{version}"
            );
            // A schema of objects or strings has no single type: 2025-era peers get none
            // (the derived reader alone reads the value back), 2026-07-28 peers get it.
            let Some(output) = ToolOutput::for_tool(&tool).unwrap() else {
                assert_ne!(version, ProtocolVersion::V2026_07_28);
                continue;
            };
            output.check(&result).unwrap();
            assert_eq!(output.value(&result).unwrap(), structured, "{version}");
            assert_eq!(output.read::<Dimmer>(&result).unwrap(), value, "{version}");
            assert_eq!(
                output.read_content::<Dimmer>(&result).unwrap(),
                value,
                "{version}"
            );
        }
    }
}

/// A derived structured object.
#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq, Clone)]
#[content(structured)]
struct Weather {
    #[content(text)]
    city: String,
    celsius: f64,
}

/// A hand-written result whose schema is not an object.
#[derive(Debug, PartialEq, Clone, Copy, Deserialize)]
struct Count(u32);

impl IntoCallToolResult for Count {
    fn into_call_tool_result(self) -> CallToolResult {
        CallToolResult::structured(json!(self.0))
    }
}

impl StructuredOutput for Count {
    fn output_schema() -> Option<serde_json::Map<String, Value>> {
        json!({"type": "integer", "minimum": 0})
            .as_object()
            .cloned()
    }
}

/// What a peer on `version` gets for a tool returning `R`: the descriptor and the result,
/// checked against the protocol's schema and the result's structured content against the
/// tool's listed output schema, as the Python and TypeScript SDK clients check it.
fn listed_and_checked<R: IntoCallToolResult + StructuredOutput>(
    value: R,
    version: ProtocolVersion,
) -> (Tool, CallToolResult) {
    let schema = Value::Object(R::output_schema().expect("an output schema"));
    let (tool, result) = over_the_wire(&schema, &value.into_call_tool_result(), version);
    let tool_json: Value = serde_json::from_slice(&tool.to_json_for(version)).unwrap();
    let result_json: Value = serde_json::from_slice(&result.to_json_for(version)).unwrap();
    mcp_content_tests::assert_valid(version.as_str(), "Tool", &tool_json);
    mcp_content_tests::assert_valid(version.as_str(), "CallToolResult", &result_json);
    let listed = &tool_json["outputSchema"];
    let structured = result_json
        .get("structuredContent")
        .unwrap_or_else(|| panic!("{version}: no structuredContent in {result_json}"));
    assert!(structured.is_object(), "{version}: {structured}");
    let validator = jsonschema::validator_for(listed).unwrap();
    if let Some(error) = validator.iter_errors(structured).next() {
        panic!("{version}: {structured} breaks {listed}: {error}");
    }
    (tool, result)
}

#[test]
fn an_optional_result_always_sends_structured_content_its_schema_takes() {
    let oslo = || Weather {
        city: "Oslo".into(),
        celsius: -3.5,
    };
    for version in ERAS {
        for value in [Some(oslo()), None] {
            let (tool, result) = listed_and_checked(value.clone(), version);
            let output = ToolOutput::for_tool(&tool).unwrap().unwrap();
            assert_eq!(output.wrapping(), ResultWrapping::FastMcp);
            assert_eq!(output.read::<Option<Weather>>(&result).unwrap(), value);
            if let Some(value) = value {
                assert_eq!(output.read_content::<Weather>(&result).unwrap(), value);
            }
        }
        for value in [Some(Count(7)), None] {
            let (tool, result) = listed_and_checked(value, version);
            let output = ToolOutput::for_tool(&tool).unwrap().unwrap();
            assert_eq!(output.read::<Option<Count>>(&result).unwrap(), value);
        }
        // Nested in a `Result`, as a tool returns it.
        let ok: Result<Option<Weather>, String> = Ok(None);
        let (tool, result) = listed_and_checked(ok, version);
        let output = ToolOutput::for_tool(&tool).unwrap().unwrap();
        assert_eq!(output.read::<Option<Weather>>(&result).unwrap(), None);
        let failed: Result<Option<Weather>, String> = Err("no station".into());
        let result = failed.into_call_tool_result();
        assert!(result.is_error());
        assert!(result.structured_content.is_none());
    }
}

#[test]
fn an_optional_value_without_a_schema_is_as_before() {
    assert_eq!(
        None::<String>.into_call_tool_result(),
        CallToolResult::default()
    );
    assert_eq!(
        Some("hi").into_call_tool_result(),
        CallToolResult::text("hi")
    );
    assert!(<Option<String> as StructuredOutput>::output_schema().is_none());
}

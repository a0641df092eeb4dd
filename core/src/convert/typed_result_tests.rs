//! Unit tests of `typed_result`: the wrappers recognised, numbers read exactly, paths.
use super::*;
use serde_json::json;

fn schema(value: &Value) -> Map<String, Value> {
    value.as_object().unwrap().clone()
}

#[test]
fn python_wrapper_needs_every_sign() {
    let base = json!({
        "type": "object", "title": "fOutput",
        "properties": {"result": {"type": "string"}}, "required": ["result"]
    });
    assert_eq!(
        ResultWrapping::of("f", &schema(&base)),
        ResultWrapping::PythonSdk
    );
    for (key, value) in [
        ("title", json!("Weather")),
        ("title", json!("Output")),
        ("title", json!("gOutput")),
        ("title", json!("fOutputs")),
        ("title", json!("FOutput")),
        ("required", json!([])),
        ("properties", json!({"result": {}, "other": {}})),
        ("description", json!("A user's own model.")),
        ("type", json!("array")),
    ] {
        let mut changed = schema(&base);
        changed.insert(key.into(), value.clone());
        assert_eq!(
            ResultWrapping::of("f", &changed),
            ResultWrapping::None,
            "{key} = {value}"
        );
    }
}

#[test]
fn a_user_model_titled_for_another_tool_is_not_the_python_wrapper() {
    // `class ScoreOutput(BaseModel): result: int`, as pydantic lists it.
    let score = schema(&json!({
        "type": "object", "title": "ScoreOutput",
        "properties": {"result": {"type": "integer", "title": "Result"}},
        "required": ["result"]
    }));
    for tool in ["get_score", "score", "", "Output", "ScoreOutput"] {
        assert_eq!(
            ResultWrapping::of(tool, &score),
            ResultWrapping::None,
            "{tool}"
        );
    }
    // The one leftover case: the tool is named `Score`.
    assert_eq!(
        ResultWrapping::of("Score", &score),
        ResultWrapping::PythonSdk
    );
    // Without the tool's name, only a marker says a value is wrapped.
    let output = ToolOutput::new(score.clone()).unwrap();
    assert_eq!(output.wrapping(), ResultWrapping::None);
    let result = CallToolResult::structured(json!({"result": 3}));
    let read: Map<String, Value> = output.read(&result).unwrap();
    assert_eq!(Value::Object(read), json!({"result": 3}));
    let named = ToolOutput::named("Score", score).unwrap();
    assert_eq!(named.read::<i64>(&result).unwrap(), 3);
}

#[test]
fn integers_past_64_bits_read_exactly_or_are_refused_with_the_path() {
    #[derive(serde::Deserialize)]
    struct Wide {
        n: u128,
        m: i128,
    }
    let raw = |text: &str| CallToolResult {
        structured_content: Some(RawJson::parse(text).unwrap()),
        ..CallToolResult::default()
    };
    let plain = ToolOutput::new(Map::new()).unwrap();
    let wrapped = ToolOutput::new(schema(&json!({"x-fastmcp-wrap-result": true}))).unwrap();
    let big = raw(r#"{"n":18446744073709551617,"m":-170141183460469231731687303715884105728}"#);
    let wide: Wide = plain.read(&big).unwrap();
    assert_eq!(wide.n, 18_446_744_073_709_551_617);
    assert_eq!(wide.m, i128::MIN);
    let kept: RawJson = plain.read(&big).unwrap();
    assert_eq!(
        kept.as_str(),
        big.structured_content.as_ref().unwrap().as_str()
    );
    assert_eq!(plain.value(&big).unwrap_err().path(), "structuredContent.n");
    // Into a type that cannot hold it: refused with the path, not rounded.
    let err = plain
        .read::<std::collections::BTreeMap<String, u64>>(&big)
        .unwrap_err();
    assert_eq!(err.path(), "structuredContent.n");

    let list = raw(r#"{"result":[1,340282366920938463463374607431768211455]}"#);
    let read: Vec<u128> = wrapped.read(&list).unwrap();
    assert_eq!(read, [1, u128::MAX]);
    assert_eq!(
        wrapped.value(&list).unwrap_err().path(),
        "structuredContent.result[1]"
    );
}

#[test]
fn fastmcp_marker_must_be_true() {
    let marked =
        json!({"type": "object", "properties": {"result": {}}, "x-fastmcp-wrap-result": true});
    assert_eq!(
        ResultWrapping::of("f", &schema(&marked)),
        ResultWrapping::FastMcp
    );
    let off =
        json!({"type": "object", "properties": {"result": {}}, "x-fastmcp-wrap-result": false});
    assert_eq!(ResultWrapping::of("f", &schema(&off)), ResultWrapping::None);
}

#[test]
fn unmarked_result_object_is_not_unwrapped() {
    let output = ToolOutput::new(schema(&json!({
        "type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"]
    })))
    .unwrap();
    let result = CallToolResult::structured(json!({"result": 3}));
    let read: Map<String, Value> = output.read(&result).unwrap();
    assert_eq!(Value::Object(read), json!({"result": 3}));
}

#[test]
fn wrapped_schema_with_bare_value_is_an_error() {
    let output = ToolOutput::new(schema(&json!({"x-fastmcp-wrap-result": true}))).unwrap();
    let err = output
        .value(&CallToolResult::structured(json!(3)))
        .unwrap_err();
    assert_eq!(err.path(), "structuredContent");
    assert!(err.detail().contains("found a number"), "{err}");
}

#[test]
fn read_error_names_the_path_inside_result() {
    let output = ToolOutput::new(schema(&json!({"x-fastmcp-wrap-result": true}))).unwrap();
    let err = output
        .read::<Vec<u8>>(&CallToolResult::structured(json!({"result": [1, "x"]})))
        .unwrap_err();
    assert_eq!(err.path(), "structuredContent.result[1]");
}

#[test]
fn error_results_are_errors_when_read_and_skipped_when_checked() {
    let output = ToolOutput::new(schema(&json!({"type": "object"}))).unwrap();
    let failed = CallToolResult::error("boom");
    assert_eq!(output.value(&failed).unwrap_err().path(), "isError");
    #[cfg(feature = "jsonschema")]
    assert!(output.check(&failed).is_ok());
}

#[test]
fn missing_structured_content_is_an_error() {
    let output = ToolOutput::new(schema(&json!({"type": "object"}))).unwrap();
    let err = output.value(&CallToolResult::text("x")).unwrap_err();
    assert_eq!(err.path(), "structuredContent");
}

#[test]
fn json_path_follows_the_value() {
    let value = json!({"a": [{"0": {"b/c": 1}}]});
    assert_eq!(json_path(&value, "/a/0/0/b~1c"), "a[0].0.b/c");
    assert_eq!(json_path(&value, ""), "");
}

#[cfg(feature = "jsonschema")]
#[test]
fn check_names_the_path() {
    let output = ToolOutput::new(schema(&json!({
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"]
    })))
    .unwrap();
    let err = output
        .check(&CallToolResult::structured(json!({"city": 3})))
        .unwrap_err();
    assert_eq!(err.path(), "structuredContent.city");
    let err = output
        .check(&CallToolResult::structured(json!({})))
        .unwrap_err();
    assert_eq!(err.path(), "structuredContent");
    assert!(
        err.detail().contains("\"city\" is a required property"),
        "{err}"
    );
}

#[cfg(feature = "jsonschema")]
#[test]
fn a_broken_schema_is_refused() {
    let err = ToolOutput::new(schema(&json!({"type": 5}))).unwrap_err();
    assert_eq!(err.path(), "outputSchema");
}

//! Golden tests: tool results captured from other SDKs' servers
//! (`scripts/capture-sdk-fixtures.sh`, fixtures in `tests/fixtures/sdk/`) read into types
//! through their listed output schemas.
//!
//! `FastMCP` and the Python SDK wrap list, string and number results as `{"result": …}` and say
//! so in the schema (`FastMCP`'s marker, the Python SDK's `<function>Output` wrapper model);
//! the TypeScript SDK takes object schemas only, so its fixture server wraps by hand with an
//! unmarked schema, which must never be unwrapped.

use std::collections::BTreeMap;

use mcp_content::convert::{typed_result::ResultWrapping, typed_result::ToolOutput};
use mcp_content::model::Tool;
use mcp_content::wire::read_value;
use mcp_content::{CallToolResult, Content, FromContent};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const SDKS: [(&str, &str); 3] = [
    (
        "python-sdk",
        include_str!("../../fixtures/sdk/python-sdk.json"),
    ),
    ("fastmcp", include_str!("../../fixtures/sdk/fastmcp.json")),
    (
        "typescript-sdk",
        include_str!("../../fixtures/sdk/typescript-sdk.json"),
    ),
];

struct Captured {
    tool: Tool,
    result: CallToolResult,
}

fn captured(sdk: &str, name: &str) -> Captured {
    let fixture = fixture(sdk);
    let tool = fixture["tools/list"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|tool| tool["name"] == name)
        .unwrap_or_else(|| panic!("{sdk} lists no tool {name}"))
        .clone();
    Captured {
        tool: read_value(tool).unwrap(),
        result: read_value(fixture["tools/call"][name].clone()).unwrap(),
    }
}

fn fixture(sdk: &str) -> Value {
    let (_, text) = SDKS.iter().find(|(name, _)| *name == sdk).unwrap();
    serde_json::from_str(text).unwrap()
}

fn output(captured: &Captured) -> ToolOutput {
    ToolOutput::for_tool(&captured.tool).unwrap().unwrap()
}

#[derive(Debug, PartialEq, Deserialize)]
struct Weather {
    city: String,
    temperature: f64,
}

#[derive(Content, Serialize, Deserialize, schemars::JsonSchema, Debug, PartialEq)]
#[content(structured)]
struct WeatherContent {
    #[content(text)]
    city: String,
    #[content(skip)]
    temperature: f64,
}

#[test]
fn every_captured_result_passes_its_own_schema() {
    let mut checked = 0;
    for (sdk, _) in SDKS {
        let fixture = fixture(sdk);
        for tool in fixture["tools/list"]["tools"].as_array().unwrap() {
            let name = tool["name"].as_str().unwrap();
            let captured = captured(sdk, name);
            output(&captured)
                .check(&captured.result)
                .unwrap_or_else(|e| panic!("{sdk} {name}: {e}"));
            checked += 1;
        }
    }
    assert_eq!(checked, 14);
}

#[test]
fn wrapping_is_read_from_the_schema() {
    let expect = [
        ("python-sdk", "weather_object", ResultWrapping::None),
        ("python-sdk", "cities_list", ResultWrapping::PythonSdk),
        ("python-sdk", "greeting_string", ResultWrapping::PythonSdk),
        ("python-sdk", "answer_number", ResultWrapping::PythonSdk),
        ("python-sdk", "ratios_dict", ResultWrapping::None),
        ("fastmcp", "weather_object", ResultWrapping::None),
        ("fastmcp", "cities_list", ResultWrapping::FastMcp),
        ("fastmcp", "greeting_string", ResultWrapping::FastMcp),
        ("fastmcp", "answer_number", ResultWrapping::FastMcp),
        ("fastmcp", "ratios_dict", ResultWrapping::None),
        ("typescript-sdk", "weather_object", ResultWrapping::None),
        ("typescript-sdk", "cities_list", ResultWrapping::None),
        ("typescript-sdk", "greeting_string", ResultWrapping::None),
        ("typescript-sdk", "answer_number", ResultWrapping::None),
    ];
    for (sdk, name, wrapping) in expect {
        assert_eq!(
            output(&captured(sdk, name)).wrapping(),
            wrapping,
            "{sdk} {name}"
        );
    }
}

#[test]
fn python_servers_results_read_into_types() {
    for sdk in ["python-sdk", "fastmcp"] {
        let read = |name: &str| {
            let captured = captured(sdk, name);
            (output(&captured), captured.result)
        };
        let (out, result) = read("weather_object");
        assert_eq!(
            out.read::<Weather>(&result).unwrap(),
            Weather {
                city: "Paris".into(),
                temperature: 21.5
            },
            "{sdk}"
        );
        let (out, result) = read("cities_list");
        assert_eq!(
            out.read::<Vec<String>>(&result).unwrap(),
            ["Paris", "Oslo", "Lima"]
        );
        let (out, result) = read("greeting_string");
        assert_eq!(out.read::<String>(&result).unwrap(), "hello, world");
        let (out, result) = read("answer_number");
        assert!((out.read::<f64>(&result).unwrap() - 42.5).abs() < f64::EPSILON);
        let (out, result) = read("ratios_dict");
        let ratios = out.read::<BTreeMap<String, f64>>(&result).unwrap();
        assert_eq!(ratios.keys().collect::<Vec<_>>(), ["a", "b"], "{sdk}");
    }
}

#[test]
fn typescript_sdks_hand_wrapped_results_stay_wrapped() {
    #[derive(Deserialize)]
    struct Wrapped {
        result: Vec<String>,
    }

    let captured = captured("typescript-sdk", "cities_list");
    let out = output(&captured);
    let err = out.read::<Vec<String>>(&captured.result).unwrap_err();
    assert_eq!(err.path(), "structuredContent");
    let wrapped: Wrapped = out.read(&captured.result).unwrap();
    assert_eq!(wrapped.result, ["Paris", "Oslo", "Lima"]);

    let captured = captured_weather("typescript-sdk");
    assert_eq!(
        output(&captured)
            .read::<Weather>(&captured.result)
            .unwrap()
            .city,
        "Paris"
    );
}

fn captured_weather(sdk: &str) -> Captured {
    captured(sdk, "weather_object")
}

#[test]
fn derived_types_read_any_sdks_object_results() {
    for (sdk, _) in SDKS {
        let captured = captured_weather(sdk);
        let weather: WeatherContent = output(&captured).read_content(&captured.result).unwrap();
        assert_eq!(
            weather,
            WeatherContent {
                city: "Paris".into(),
                temperature: 21.5
            },
            "{sdk}"
        );
        // The same as the type's own reader: an object result is never unwrapped.
        assert_eq!(
            WeatherContent::from_call_tool_result(&captured.result).unwrap(),
            weather
        );
    }
}

#[test]
fn a_result_that_breaks_its_own_schema_names_the_path() {
    let cases = [
        (
            "python-sdk",
            "cities_list",
            json!({"result": ["Paris", 3]}),
            "structuredContent.result[1]",
        ),
        (
            "fastmcp",
            "answer_number",
            json!({"result": "42"}),
            "structuredContent.result",
        ),
        (
            "fastmcp",
            "weather_object",
            json!({"city": "Paris"}),
            "structuredContent",
        ),
        (
            "typescript-sdk",
            "weather_object",
            json!({"city": "Paris", "temperature": 1, "wind": 3}),
            "structuredContent",
        ),
        (
            "python-sdk",
            "ratios_dict",
            json!({"a": "high"}),
            "structuredContent.a",
        ),
    ];
    for (sdk, name, broken, path) in cases {
        let mut captured = captured(sdk, name);
        captured.result.structured_content = Some(broken.into());
        let out = output(&captured);
        let err = out.check(&captured.result).unwrap_err();
        assert_eq!(err.path(), path, "{sdk} {name}: {err}");
        assert!(
            err.detail()
                .starts_with("breaks the tool's output schema: "),
            "{err}"
        );
        // Reading checks first: the same error, not a deserialization one.
        assert_eq!(out.read::<Value>(&captured.result).unwrap_err(), err);
    }
}

#[test]
fn error_results_are_not_checked_and_not_read() {
    let mut captured = captured("fastmcp", "answer_number");
    captured.result = CallToolResult::error("upstream down");
    let out = output(&captured);
    assert!(out.check(&captured.result).is_ok());
    let err = out.read::<f64>(&captured.result).unwrap_err();
    assert_eq!(err.path(), "isError");
    assert!(err.detail().contains("upstream down"));
}

mod server_side {
    use mcp_content::handler::BoxFuture;
    use mcp_content::handler::{RouterError, ToolHandler};
    use mcp_content::model::{Meta, Tool, ToolName};
    use mcp_content::{CallToolResult, Context, ProtocolVersion, Router};
    use serde_json::{Map, Value, json};

    /// A hand-built tool with a custom output schema that returns whatever it is given.
    struct Echo {
        schema: Value,
        result: CallToolResult,
    }

    impl ToolHandler for Echo {
        fn tool(&self) -> Tool {
            let mut tool = Tool::new(ToolName::new("echo").unwrap());
            tool.output_schema = self.schema.as_object().cloned().map(Into::into);
            tool
        }
        fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
            let result = self.result.clone();
            Box::pin(async move { result })
        }
    }

    fn call(
        check: bool,
        result: CallToolResult,
    ) -> Result<CallToolResult, mcp_content::handler::ProtocolError> {
        let echo = Echo {
            schema: json!({"type": "array", "items": {"type": "integer"}}),
            result,
        };
        let router = Router::builder()
            .tool(echo)
            .check_structured_output(check)
            .build()
            .unwrap();
        let context = Context::new(Meta::new(), ProtocolVersion::V2026_07_28);
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(router.call_tool("echo", None, context))
    }

    #[test]
    fn opt_in_check_refuses_a_result_that_breaks_the_schema() {
        let broken = CallToolResult::structured(json!([1, "two"]));
        let err = call(true, broken.clone()).unwrap_err();
        assert_eq!(err.code, -32603);
        assert!(
            err.message
                .ends_with(r#"structuredContent[1]: breaks the tool's output schema: "two" is not of type "integer""#),
            "{}",
            err.message
        );
        // Off by default: relayed as it is.
        assert_eq!(call(false, broken.clone()).unwrap(), broken);
    }

    #[test]
    fn opt_in_check_passes_good_and_error_results() {
        let good = CallToolResult::structured(json!([1, 2]));
        assert_eq!(call(true, good.clone()).unwrap(), good);
        let failed = CallToolResult::error("no numbers today");
        assert_eq!(call(true, failed.clone()).unwrap(), failed);
        let missing = CallToolResult::text("[1, 2]");
        let err = call(true, missing).unwrap_err();
        assert!(
            err.message.contains("has no structured content"),
            "{}",
            err.message
        );
    }

    #[test]
    fn a_schema_that_does_not_compile_is_refused_at_build() {
        let echo = Echo {
            schema: json!({"type": "object", "properties": {"n": {"type": 7}}}),
            result: CallToolResult::default(),
        };
        let err = Router::builder()
            .tool(echo)
            .check_structured_output(true)
            .build()
            .unwrap_err();
        assert!(matches!(err, RouterError::InvalidOutputSchema { ref tool, .. } if tool == "echo"));
    }
}

//! The wire edges about text and paths, apart from the member sweep of `wire/member_sweep.rs`:
//! JSON text that no reader takes back (a key twice, a lone surrogate) built in code, refused
//! by the parsers and reported by `validate()`; `validate()` paths cut and spelled as the
//! reader's; conversion errors quoting arrays and objects short; the one `null` rule in the
//! multi round-trip fields and in the results built for them.

use mcp_content::model::{JsonObject, Meta, MetaKey, RawJson, TextContent, Tool, UnknownBlock};
use mcp_content::rules::Rule;
use mcp_content::{
    CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, Validate, read_json,
};
use serde_json::{Value, json};

/// JSON text built in code that `read_json` would refuse once written — a key twice in one
/// object, a lone surrogate escape — is refused by `RawJson::parse` / `JsonObject::parse`
/// (at any depth), and reported by `validate()` with its path when it arrives another way
/// (`RawJson::from(Box<RawValue>)`), wherever the model keeps JSON text.
#[test]
#[allow(clippy::too_many_lines)] // one table of places, each checked the same way
fn json_text_no_reader_takes_back_is_refused_or_reported() {
    let unreadable = [
        (r#"{"a":1,"a":2}"#, "", "duplicate field `a`"),
        (
            r#"{"a":{"b":[{"c":1,"c":2}]}}"#,
            "a.b[0]",
            "duplicate field `c`",
        ),
        (r#"{"a":"\ud800"}"#, "a", "lone surrogate"),
        (r#"{"\udc00":1}"#, "", "lone surrogate"),
    ];
    let mut cases = 0;
    for (text, inside, why) in unreadable {
        assert!(RawJson::parse(text).is_err(), "{text}");
        let error = JsonObject::parse(text).unwrap_err().to_string();
        assert!(error.contains(why), "{text}: {error}");
        assert!(Meta::from_object(JsonObject::new()).is_ok());
        let raw =
            || RawJson::from(serde_json::value::RawValue::from_string(text.to_owned()).unwrap());
        let object = || {
            let mut object = JsonObject::new();
            object.insert("x-a", raw());
            object
        };
        let under = |owner: &str| {
            let here = if owner.is_empty() {
                String::new()
            } else {
                format!("{owner}.")
            };
            if inside.is_empty() {
                format!("{here}x-a")
            } else {
                format!("{here}x-a.{inside}")
            }
        };
        // Each place the model keeps JSON text, with the path the problem must have.
        let mut structured = CallToolResult::text("t");
        structured.structured_content = Some(raw());
        let mut result_extra = CallToolResult::text("t");
        result_extra.extra = object();
        let mut block_extra = TextContent::new("t");
        block_extra.extra = object();
        let block_extra = CallToolResult::new(vec![block_extra.into()]);
        let mut meta = CallToolResult::text("t");
        meta.meta
            .insert_key(MetaKey::new("com.example/k").unwrap(), json!(1));
        let mut meta_object = meta.meta.as_object().clone();
        meta_object.insert("x-a", raw());
        meta.meta = Meta::from_object(meta_object).unwrap();
        let mut tool = Tool::new(mcp_content::model::ToolName::new("t").unwrap());
        let mut schema = tool.input_schema.clone();
        schema.insert("x-a", raw());
        tool.input_schema = schema;
        let with_structured = if inside.is_empty() {
            "structuredContent".to_owned()
        } else {
            format!("structuredContent.{inside}")
        };
        let checks: Vec<(String, Box<dyn Validate>)> = vec![
            (with_structured, Box::new(structured)),
            (under(""), Box::new(result_extra)),
            (under("content[0]"), Box::new(block_extra)),
            (under("_meta"), Box::new(meta)),
            (under("inputSchema"), Box::new(tool)),
        ];
        for (path, value) in checks {
            let error = value.validate().expect_err(&path);
            let problem = error
                .problems()
                .iter()
                .find(|p| p.violation.message.contains(why))
                .unwrap_or_else(|| panic!("{text} at {path}: {error}"));
            assert_eq!(problem.path, path, "{text}: {error}");
            assert_eq!(problem.violation.rule, Rule::Type);
            cases += 1;
        }
    }
    // An unknown block's fields.
    let mut fields = JsonObject::parse(r#"{"type":"x-new"}"#).unwrap();
    fields.insert(
        "x-a",
        RawJson::from(
            serde_json::value::RawValue::from_string(r#"{"b":1,"b":2}"#.to_owned()).unwrap(),
        ),
    );
    let block = UnknownBlock::new(fields).unwrap();
    let error = CallToolResult::new(vec![ContentBlock::Unknown(block)])
        .validate()
        .unwrap_err();
    assert!(
        error
            .problems()
            .iter()
            .any(|p| p.path == "content[0].x-a" && p.violation.message == "duplicate field `b`"),
        "{error}"
    );
    // Nesting past the parser's 128 levels: refused by the parsers, reported by `validate()`
    // for a value built from a `Value` (a `Value` made of the text would be `null`).
    let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
    let error = RawJson::parse(&deep).unwrap_err().to_string();
    assert!(error.contains("127 levels"), "{error}");
    let value: Value = {
        let mut v = json!(1);
        for _ in 0..200 {
            v = json!([v]);
        }
        v
    };
    let mut result = CallToolResult::text("t");
    result.structured_content = Some(value.into());
    let error = result.validate().unwrap_err();
    let problem = &error.problems()[0];
    assert!(
        problem.path.starts_with("structuredContent[0][0]"),
        "{error}"
    );
    assert!(problem.violation.message.contains("127 levels"), "{error}");
    let fine = format!("{}1{}", "[".repeat(100), "]".repeat(100));
    assert_eq!(RawJson::parse(&fine).unwrap().as_str(), fine);
    // Text every reader takes is kept as it is.
    for text in [
        r#"{"a":1E2,"b":-0,"c":"\ud83d\ude00","d":{"a":1}}"#,
        "123456789012345678901234567890",
    ] {
        let raw = RawJson::parse(text).unwrap();
        assert_eq!(raw.as_str(), text);
        let mut result = CallToolResult::text("t");
        result.structured_content = Some(raw);
        result.validate().unwrap();
        let back: CallToolResult = read_json(&result.to_json_for(ProtocolVersion::LATEST)).unwrap();
        assert_eq!(back.structured_content, result.structured_content);
    }
    assert_eq!(cases, unreadable.len() * 5);
}

/// `validate()` cuts keys on its paths as the reader does: a property name or a key of
/// structured content can be a megabyte long.
#[test]
fn validate_paths_are_cut_like_read_paths() {
    let long = "p".repeat(1 << 20);
    let mut tool = Tool::new(mcp_content::model::ToolName::new("t").unwrap());
    tool.input_schema = JsonObject::parse(&format!(
        r#"{{"type":"object","properties":{{"{long}":5}}}}"#
    ))
    .unwrap();
    let error = tool.validate().unwrap_err();
    assert!(
        error.to_string().len() < 300,
        "{} bytes",
        error.to_string().len()
    );
    assert!(
        error.problems()[0]
            .path
            .starts_with("inputSchema.properties.ppp")
    );
    let text = format!(r#"{{"{long}":{{"a":1,"a":2}}}}"#);
    let mut result = CallToolResult::text("t");
    result.structured_content = Some(RawJson::from(
        serde_json::value::RawValue::from_string(text).unwrap(),
    ));
    let error = result.validate().unwrap_err();
    let problem = &error.problems()[0];
    assert_eq!(problem.path, format!("structuredContent.{}…", &long[..80]));
    assert_eq!(problem.violation.message, "duplicate field `a`");
}

/// Errors of the conversions quote at most 80 characters of a value, also when the value is
/// an array or object (which no quotation marks delimit): a message part's `metadata.mcp`,
/// structured content checked against a tool's output schema, an output schema that does
/// not compile.
#[test]
fn conversion_errors_quote_arrays_and_objects_short() {
    use mcp_content::convert::{
        message_parts::Message, message_parts::MessageRole, message_parts::Part,
        typed_result::ToolOutput,
    };
    let big: Vec<u32> = (0..100_000).collect();
    let mut metadata = JsonObject::new();
    metadata.insert("mcp", json!(big));
    let message = Message {
        role: MessageRole::User,
        content: vec![Part::text("x")],
        metadata,
    };
    let error = message.into_prompt_message().unwrap_err();
    assert_eq!(error.path(), "metadata.mcp");
    assert_eq!(
        error.detail(),
        "expected an object, got an array (rule: type)"
    );

    let output = ToolOutput::new(json!({"type": "string"}).as_object().unwrap().clone()).unwrap();
    let error = output.check_value(&json!(big)).unwrap_err();
    assert_eq!(error.path(), "structuredContent");
    assert!(
        error.to_string().len() < 200,
        "{} bytes",
        error.to_string().len()
    );
    assert!(error.to_string().contains("is not of type"), "{error}");

    let schema = json!({"type": "object", "properties": {"a": {"type": big}}});
    let error = ToolOutput::new(schema.as_object().unwrap().clone()).unwrap_err();
    assert_eq!(error.path(), "outputSchema");
    assert!(
        error.to_string().len() < 300,
        "{} bytes: {error:.300}",
        error.to_string().len()
    );
}

// The multi round-trip (MRTR) fields of 2026-07-28 requests and the results built for them
// as `serde_json::Value`: the one `null` rule holds there too. `inputResponses` and
// `requestState` are optional members of the request's params: absent or of their type,
// `null` refused naming the path and the rule; an `InputRequiredResult` written for a round
// holds no `null` member.

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Answer {
    name: String,
}

/// Asks one question, then greets.
#[mcp_content::tool]
async fn ask(context: mcp_content::Context) -> Result<String, mcp_content::handler::ProtocolError> {
    match context
        .elicit_form_as::<Answer>("who", "Your name?")
        .await?
    {
        mcp_content::input::Elicitation::Accept(Answer { name }) => Ok(format!("Hello, {name}!")),
        _ => Ok("Hello!".into()),
    }
}

fn round(
    router: &mcp_content::Router,
    params: Value,
) -> Result<Value, mcp_content::handler::ProtocolError> {
    let Value::Object(params) = params else {
        panic!("params are an object")
    };
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(
            router.handle(
                "tools/call",
                Some(params),
                mcp_content::Context::new(Meta::new(), ProtocolVersion::V2026_07_28)
                    .with_client_capabilities(mcp_content::input::ClientCapabilities::from_value(
                        json!({"elicitation": {"form": {}}}),
                    )),
            ),
        )
}

/// Every `null` member in `value`, by path.
fn nulls(value: &Value, path: &str, out: &mut Vec<String>) {
    match value {
        Value::Null => out.push(path.to_owned()),
        Value::Object(map) => map
            .iter()
            .for_each(|(k, v)| nulls(v, &format!("{path}.{k}"), out)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, v)| nulls(v, &format!("{path}[{i}]"), out)),
        _ => {}
    }
}

#[test]
fn null_in_the_multi_round_trip_fields_is_refused_naming_the_path() {
    let router = mcp_content::router! { tools: [ask] }.build().unwrap();
    // The first round: an `InputRequiredResult` with no `null` anywhere.
    let first = round(&router, json!({"name": "ask"})).unwrap();
    assert_eq!(first["resultType"], "input_required", "{first}");
    let mut found = Vec::new();
    nulls(&first, "", &mut found);
    assert!(found.is_empty(), "null written at {found:?}: {first}");
    let state = first["requestState"].clone();
    let answer = json!({"who": {"action": "accept", "content": {"name": "Ada"}}});
    // Each member of a second round's params, nulled.
    let complete = json!({"name": "ask", "inputResponses": answer, "requestState": state});
    let done = round(&router, complete.clone()).unwrap();
    assert_eq!(done["content"][0]["text"], "Hello, Ada!", "{done}");
    for (member, expected) in [
        ("inputResponses", "an object"),
        ("requestState", "a string"),
    ] {
        let mut nulled = complete.clone();
        nulled[member] = Value::Null;
        let error = round(&router, nulled).expect_err(member);
        assert_eq!(
            error.message,
            format!("params.{member}: null is not allowed here: expected {expected} (rule: type)"),
        );
    }
    // An answer that is `null` names its key.
    let mut nulled = complete;
    nulled["inputResponses"]["who"] = Value::Null;
    let error = round(&router, nulled).expect_err("a null answer");
    assert!(
        error.message.starts_with("inputResponses.who: "),
        "{}",
        error.message
    );
    // The same rule where the params are taken apart directly.
    for member in ["inputResponses", "requestState"] {
        let mut params = serde_json::Map::new();
        params.insert(member.into(), Value::Null);
        let error = mcp_content::input::InputParams::take_from(&mut params).expect_err(member);
        assert!(
            error
                .message
                .starts_with(&format!("params.{member}: null is not allowed here")),
            "{}",
            error.message
        );
    }
}

/// One path style for one place: a bad value under a `_meta` key, and a property schema
/// that is no object, get the same path from `read_json` and from `validate()` (the
/// reader's style: keys joined with `.`, `_meta.io.modelcontextprotocol/serverInfo.version`,
/// never `_meta["…"]`).
#[test]
fn read_and_validate_name_one_place_with_one_path() {
    let key = "io.modelcontextprotocol/serverInfo";
    let long = format!("com.example/{}", "k".repeat(200));
    for (meta_key, value) in [
        (key.to_owned(), json!({"name": "s", "version": 1})),
        (key.to_owned(), json!({"name": "s"})),
        (key.to_owned(), json!([])),
        (long.clone(), json!(1)),
    ] {
        let doc = json!({
            "content": [{"type": "text", "text": "t", "_meta": {meta_key.clone(): value.clone()}}],
            "_meta": {meta_key.clone(): value.clone()},
        });
        let mut meta = Meta::new();
        meta.insert_key(MetaKey::new(&meta_key).unwrap(), value.clone());
        let mut text = TextContent::new("t");
        text.meta = meta.clone();
        let mut built = CallToolResult::new(vec![text.into()]);
        built.meta = meta;
        let problems = match built.validate() {
            Ok(()) => {
                // A well-formed long key: its path is only cut the same way.
                assert!(read_json::<CallToolResult>(&serde_json::to_vec(&doc).unwrap()).is_ok());
                continue;
            }
            Err(problems) => problems,
        };
        let validate_paths: Vec<&str> = problems
            .problems()
            .iter()
            .map(|p| p.path.as_str())
            .collect();
        assert!(
            validate_paths.iter().all(|p| !p.contains("[\"")),
            "{validate_paths:?}"
        );
        // The reader stops at the first fault: read each place alone.
        let mut block_only = doc.clone();
        block_only.as_object_mut().unwrap().remove("_meta");
        let read =
            read_json::<CallToolResult>(&serde_json::to_vec(&block_only).unwrap()).unwrap_err();
        assert_eq!(read.path(), validate_paths[0], "{meta_key}: {value}");
        let mut result_only = doc.clone();
        result_only["content"][0]
            .as_object_mut()
            .unwrap()
            .remove("_meta");
        let read =
            read_json::<CallToolResult>(&serde_json::to_vec(&result_only).unwrap()).unwrap_err();
        assert_eq!(read.path(), validate_paths[1], "{meta_key}: {value}");
    }
    // A property schema that is no object (refused for the 2025 schemas).
    let schema = json!({"type": "object", "properties": {"a.b": 1}});
    let tool_doc = json!({"name": "t", "inputSchema": schema});
    let tool: Tool = serde_json::from_value(tool_doc).unwrap_or_else(|_| {
        let mut tool: Tool = read_json(br#"{"name":"t","inputSchema":{"type":"object"}}"#).unwrap();
        tool.input_schema = JsonObject::parse(&schema.to_string()).unwrap();
        tool
    });
    let problems = tool.validate().unwrap_err();
    let path = &problems.problems()[0].path;
    // The reader takes it (2026-07-28 allows it); validate() names it in the reader's style.
    assert_eq!(path, "inputSchema.properties.a.b");
}

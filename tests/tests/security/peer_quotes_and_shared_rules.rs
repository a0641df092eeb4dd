//! A hostile peer's values in error text, and the rules readers and `validate()` share: quotations
//! of a peer's values cut to 80 characters in the rules, the router and the transports;
//! `Router::handle` reading `_meta` as the transports do; a tool's `execution` read with the rule
//! `validate()` applies. Deep values are in `security/deep_requests.rs`.

use crate::handle::handle;
use mcp_content::handler::ProtocolError;
use mcp_content::{ProtocolVersion, Router};
use serde_json::{Value, json};

/// Takes any JSON value.
#[mcp_content::tool]
fn echo(v: Value) -> String {
    v.is_array().to_string()
}

/// Files under a root.
#[mcp_content::resource(uri = "file:///srv/{name}", mime = "text/plain")]
fn file(name: String) -> String {
    name
}

/// Runs as a task when asked.
#[mcp_content::tool(task = "optional")]
fn chore() -> String {
    "done".into()
}

/// Greets.
#[mcp_content::prompt]
fn greet(name: String) -> String {
    name
}

fn router() -> Router {
    mcp_content::router! { tools: [echo], prompts: [greet] }
        .build()
        .unwrap()
}

/// The rules quote a peer's or a caller's text cut to 80 characters everywhere: a reserved
/// `_meta` prefix of 300 characters (`MetaKey::user`, `Meta::insert`) came back whole, and
/// so did the digits of a duration without a unit (`CacheHint::parse`).
#[test]
fn reserved_prefixes_and_durations_are_quoted_cut() {
    use mcp_content::model::{CacheHint, Meta, MetaKey};
    let long = "q".repeat(300);
    let cut = format!("{}…", "q".repeat(80));
    let key = format!("io.modelcontextprotocol.{long}/x");
    let prefix = format!("io.modelcontextprotocol.{}…", "q".repeat(56));
    for error in [
        MetaKey::user(key.clone()).unwrap_err(),
        Meta::new().insert(&key, 1).unwrap_err(),
    ] {
        assert_eq!(
            error.message,
            format!(
                "prefix `{prefix}` is reserved for MCP (second label `modelcontextprotocol`, \
                 spec 2025-11-25 and later)"
            )
        );
    }
    let key = format!("{long}.mcp.com/x");
    let error = MetaKey::user(key).unwrap_err();
    assert!(
        error
            .message
            .starts_with(&format!("prefix `{cut}` is reserved")),
        "{error}"
    );
    let digits = "1".repeat(300);
    let error = CacheHint::parse(&digits, "public").unwrap_err();
    assert!(
        error
            .message
            .contains(&format!("has no unit after {}…;", "1".repeat(80))),
        "{error}"
    );
    assert!(error.to_string().len() < 400, "{error}");
}

/// `Router::handle` reads a request's `_meta` as the transports do: not an object, or a
/// typed key of the wrong type (`progressToken`, `io.modelcontextprotocol/logLevel`…), is
/// refused with `-32602` naming the path, for every method; it was taken silently in
/// process while the HTTP endpoint and rmcp's transports refused the same request.
#[test]
fn router_handle_checks_the_request_meta_as_the_transports_do() {
    let router = router();
    let version = ProtocolVersion::V2026_07_28;
    let mut cases = 0;
    for (method, params) in [
        ("tools/call", json!({"name": "echo", "arguments": {"v": 1}})),
        (
            "prompts/get",
            json!({"name": "greet", "arguments": {"name": "a"}}),
        ),
        ("tools/list", json!({})),
    ] {
        for (meta, message) in [
            (json!(5), "params._meta: an object".to_owned()),
            (
                json!({"progressToken": true}),
                "params._meta.progressToken: must be a ProgressToken (a string or an integer), \
                 got true (rule: type)"
                    .to_owned(),
            ),
            (
                json!({"progressToken": 1.5}),
                "params._meta.progressToken: must be a ProgressToken (a string or an integer), \
                 got 1.5 (rule: type)"
                    .to_owned(),
            ),
        ] {
            let mut with_meta = params.clone();
            with_meta["_meta"] = meta;
            let error = handle(&router, version, method, with_meta).unwrap_err();
            assert_eq!(error.code, ProtocolError::INVALID_PARAMS);
            assert_eq!(error.message, message, "{method}");
            cases += 1;
        }
        let mut with_meta = params.clone();
        with_meta["_meta"] = json!({"io.modelcontextprotocol/logLevel": 3});
        let error = handle(&router, version, method, with_meta).unwrap_err();
        assert!(
            error
                .message
                .starts_with("params._meta.io.modelcontextprotocol/logLevel: "),
            "{error}"
        );
        let mut with_meta = params.clone();
        with_meta["_meta"] = json!({"progressToken": "p", "com.example/x": null});
        assert!(
            handle(&router, version, method, with_meta).is_ok(),
            "{method}"
        );
        cases += 2;
    }
    assert_eq!(cases, 15);
}

/// `execution` (2025-11-25's `ToolExecution`, which the model keeps among a tool's unknown
/// fields) is read with the rule `validate()` applies: `null` in it or in its `taskSupport`
/// is refused with its path and rule `type` (the one `null` rule), another shape with rule
/// `extra-field`, from bytes and from a `Value`; a tool read was refused by `validate()`
/// afterwards. What the schema allows is relayed byte for byte, a number no `Value` holds
/// in it included (`validate()` read it through a `Value` and took it for `null`).
#[test]
fn a_tools_execution_is_read_with_the_rule_validate_applies() {
    use mcp_content::model::Tool;
    use mcp_content::rules::Rule;
    use mcp_content::wire::read_value;
    use mcp_content::{SerializeFor, Validate, read_json};
    let doc = |execution: &str| {
        format!(r#"{{"name":"t","inputSchema":{{"type":"object"}},"execution":{execution}}}"#)
    };
    for (execution, path, rule) in [
        ("null", "execution", Rule::Type),
        (
            r#"{"taskSupport":null}"#,
            "execution.taskSupport",
            Rule::Type,
        ),
        (r#""sometimes""#, "execution", Rule::ExtraField),
        ("[]", "execution", Rule::ExtraField),
        (r#"{"taskSupport":"maybe"}"#, "execution", Rule::ExtraField),
        (r#"{"taskSupport":1}"#, "execution", Rule::ExtraField),
    ] {
        let text = doc(execution);
        let from_bytes = read_json::<Tool>(text.as_bytes()).unwrap_err();
        let value: Value = serde_json::from_str(&text).unwrap();
        let from_value = read_value::<Tool>(value).unwrap_err();
        for error in [&from_bytes, &from_value] {
            assert_eq!((error.path(), error.rule()), (path, Some(rule)), "{error}");
        }
        assert_eq!(from_bytes.detail(), from_value.detail());
        // `validate()` says the same of a tool built with it in code.
        let mut tool: Tool = read_json(doc("{}").as_bytes()).unwrap();
        tool.extra.insert(
            "execution",
            serde_json::from_str::<Value>(execution).unwrap(),
        );
        let error = tool.validate().unwrap_err();
        let problem = &error.problems()[0];
        assert_eq!(problem.path, path);
        assert_eq!(problem.violation.to_string(), from_bytes.detail());
    }
    for execution in [
        "{}",
        r#"{"taskSupport":"optional"}"#,
        r#"{"taskSupport":"forbidden","x-more":null}"#,
        // A number no `Value` holds, beside a valid `taskSupport`: read from the text.
        r#"{"taskSupport":"optional","x-big":1E400}"#,
    ] {
        let text = doc(execution);
        let tool: Tool = read_json(text.as_bytes()).unwrap();
        assert!(tool.validate().is_ok());
        let written = tool.to_json_for(ProtocolVersion::V2025_11_25);
        assert_eq!(String::from_utf8(written).unwrap(), text);
    }
}

/// A prompt argument type whose parser quotes the text it refuses whole.
#[derive(Debug)]
pub(crate) struct Shout(String);

impl std::str::FromStr for Shout {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        if text.chars().all(char::is_uppercase) {
            Ok(Self(text.to_owned()))
        } else {
            Err(format!("not a shout: {text:?}"))
        }
    }
}

/// Shouts back.
#[mcp_content::prompt]
fn shout(word: Shout) -> String {
    word.0
}

/// What the router and rmcp's transports quote of a peer's request in an error is cut to
/// 80 characters: the name of a `null` params member, a URI refused for leaving its
/// template's `file:` root, a prompt argument a parameter's
/// parser refused (quoting it whole), a method rmcp does not know (rmcp's own reply quoted
/// it whole), an unknown task id. Each came back whole, a 5,000-character echo.
#[test]
fn router_and_transport_errors_quote_the_peer_cut() {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let long = "m".repeat(5_000);
    let cut = format!("{}…", "m".repeat(80));
    let router =
        mcp_content::router! { tools: [echo, chore], prompts: [greet, shout], resources: [file] }
            .build()
            .unwrap();
    let mut params = json!({"name": "echo", "arguments": {}});
    params[long.as_str()] = Value::Null;
    let error = handle(&router, ProtocolVersion::V2026_07_28, "tools/call", params).unwrap_err();
    assert_eq!(
        error.message,
        format!(
            "params.{cut}: null is not allowed here: expected a value of its type (rule: type)"
        )
    );
    // A URI whose variable climbs out of the template's `file:` root (the URI itself in
    // `data.uri`, as the spec has it).
    let uri = format!("file:///srv/..%2F{long}");
    let params = json!({"uri": uri});
    let error = handle(
        &router,
        ProtocolVersion::V2026_07_28,
        "resources/read",
        params,
    )
    .unwrap_err();
    assert_eq!(
        error.message,
        format!(
            "refused: a variable of file:///srv/..%2F{}… would leave the template's file root",
            "m".repeat(80 - "file:///srv/..%2F".len())
        )
    );
    let params = json!({"name": "shout", "arguments": {"word": long.clone()}});
    let error = handle(&router, ProtocolVersion::V2026_07_28, "prompts/get", params).unwrap_err();
    assert_eq!(
        error.message,
        format!("argument `word`: not a shout: \"{}\"…", "m".repeat(80))
    );

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let (mut to_server, server_in) = tokio::io::duplex(1 << 20);
        let (server_out, from_server) = tokio::io::duplex(1 << 20);
        tokio::spawn(mcp_content::rmcp::serve_stdio_with(
            router,
            server_in,
            server_out,
            1 << 20,
        ));
        let mut lines = BufReader::new(from_server).lines();
        let meta = json!({
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": {
                "extensions": {"io.modelcontextprotocol/tasks": {}}
            },
        });
        for (id, method, params, message) in [
            (
                1,
                long.as_str(),
                json!({"_meta": meta}),
                format!("method not found: {cut}"),
            ),
            (
                2,
                "tasks/get",
                json!({"taskId": long.clone(), "_meta": meta}),
                format!("unknown task: {cut}"),
            ),
        ] {
            let line = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
            to_server
                .write_all(format!("{line}\n").as_bytes())
                .await
                .unwrap();
            let reply = tokio::time::timeout(std::time::Duration::from_secs(20), lines.next_line())
                .await
                .expect("an answer")
                .unwrap()
                .expect("the server is there");
            let reply: Value = serde_json::from_str(&reply).unwrap();
            assert_eq!(reply["id"], id, "{reply}");
            assert_eq!(reply["error"]["message"], message.as_str(), "{reply}");
        }
    });
}

/// `validate()` checks the values of the typed `_meta` keys from their text, as the reader
/// does: a number no `Value` holds (`1E400`) among a `serverInfo`'s or the client
/// capabilities' unknown members made the whole value `null` ("an Implementation must be an
/// object, got null"), so a result read from a peer failed `validate()`. A wrong shape is
/// still named at its path.
#[test]
fn validate_checks_typed_meta_values_from_their_text() {
    use mcp_content::{CallToolResult, Validate, read_json};
    for meta in [
        r#"{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1","x-big":1E400}}"#,
        r#"{"io.modelcontextprotocol/clientInfo":{"name":"c","version":"1","x":[1E400,-1e-400]}}"#,
        r#"{"io.modelcontextprotocol/clientCapabilities":{"x-big":1E400,"roots":{}}}"#,
    ] {
        let doc = format!(r#"{{"content":[],"_meta":{meta}}}"#);
        let read: CallToolResult = read_json(doc.as_bytes()).unwrap();
        assert_eq!(read.validate(), Ok(()), "{meta}");
    }
    let doc = r#"{"content":[],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":1,"version":"1","x-big":1E400}}}"#;
    let read = read_json::<CallToolResult>(doc.as_bytes()).unwrap_err();
    assert_eq!(read.path(), "_meta.io.modelcontextprotocol/serverInfo.name");
}

/// `lastModified` in one format throughout: an extended date with a basic time of day
/// (`2025-01-12T1000`) was read while the other mixtures were refused; every mixture is
/// refused now with its path and rule, and each format on its own (with either offset
/// spelling, an hour alone, fractions) is read and written back unchanged.
#[test]
fn last_modified_mixing_basic_and_extended_formats_is_refused() {
    use mcp_content::model::Timestamp;
    use mcp_content::rules::Rule;
    use mcp_content::{CallToolResult, SerializeFor, read_json};
    let doc = |stamp: &str| {
        format!(
            r#"{{"content":[{{"type":"text","text":"t","annotations":{{"lastModified":"{stamp}"}}}}]}}"#
        )
    };
    for bad in [
        "2025-01-12T1000",
        "2025-01-12T1000Z",
        "2025-01-12T100000+01:00",
        "2025-012T1000",
        "20250112T10:00",
        "2025W027T10:00:00Z",
    ] {
        let error = read_json::<CallToolResult>(doc(bad).as_bytes()).unwrap_err();
        assert_eq!(
            (error.path(), error.rule()),
            ("content[0].annotations.lastModified", Some(Rule::Timestamp)),
            "{bad}: {error}"
        );
        assert!(Timestamp::new(bad).is_err(), "{bad}");
    }
    for good in [
        "2025-01-12T10:00",
        "20250112T1000",
        "20250112T100000Z",
        "2025-01-12T10",
        "20250112T10Z",
        "2025-01-12T10:00:00.5+0100",
        "20250112T100000,5+0100",
        "2025-W02-7T10:00Z",
        "+002025-01-12T10:00Z",
    ] {
        let read: CallToolResult =
            read_json(doc(good).as_bytes()).unwrap_or_else(|e| panic!("{good}: {e}"));
        let written = read.to_json_for(ProtocolVersion::V2025_06_18);
        assert_eq!(String::from_utf8(written).unwrap(), doc(good), "{good}");
    }
}

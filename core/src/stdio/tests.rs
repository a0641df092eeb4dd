//! The own stdio transport, driven over in-memory pipes: a client writes lines and reads
//! the server's, every wait bounded.

use std::time::Duration;

use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, ReadHalf, WriteHalf};

use super::StdioServer;
use crate::input::Elicitation;
use crate::model::content::{ContentBlock, ImageContent};
use crate::model::tool::{CallToolResult, Tool};
use crate::model::{
    binary::Base64Data,
    validated::{MimeType, ToolName},
};
use crate::server::handler::{BoxFuture, Context, ToolHandler};
use crate::server::router::Router;
use crate::wire::version::SerializeFor as _;

const WAIT: Duration = Duration::from_secs(10);

/// A tool from a name and a body.
struct Tool0<F>(&'static str, F);

impl<F> ToolHandler for Tool0<F>
where
    F: Fn(Map<String, Value>, Context) -> BoxFuture<'static, CallToolResult>
        + Send
        + Sync
        + 'static,
{
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new(self.0).unwrap())
    }

    fn call(
        &self,
        arguments: Map<String, Value>,
        context: Context,
    ) -> BoxFuture<'_, CallToolResult> {
        (self.1)(arguments, context)
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Name {
    name: String,
}

fn picture() -> CallToolResult {
    let bytes: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 251) as u8).collect();
    let image = ImageContent::new(
        Base64Data::from_bytes(bytes),
        MimeType::new("image/png").unwrap(),
    )
    .unwrap();
    CallToolResult::new(vec![ContentBlock::text("a picture"), image.into()])
}

fn router() -> Router {
    Router::builder()
        .tool(Tool0("echo", |arguments: Map<String, Value>, _| {
            let text = arguments
                .get("text")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned();
            Box::pin(async move { CallToolResult::text(text) }) as BoxFuture<'static, _>
        }))
        .tool(Tool0("picture", |_, _| {
            Box::pin(async { picture() }) as BoxFuture<'static, _>
        }))
        .tool(Tool0("wait", |arguments: Map<String, Value>, _| {
            let ms = arguments.get("ms").and_then(Value::as_u64).unwrap_or(0);
            Box::pin(async move {
                tokio::time::sleep(Duration::from_millis(ms)).await;
                CallToolResult::text(format!("waited {ms}"))
            }) as BoxFuture<'static, _>
        }))
        .tool(Tool0("hang", |_, context: Context| {
            Box::pin(async move {
                // Runs until cancelled; reports that it was.
                context.cancelled().await;
                CallToolResult::text("unreachable: the future is dropped first")
            }) as BoxFuture<'static, _>
        }))
        .tool(Tool0("boom", |_, _| {
            Box::pin(async { fail_on_purpose() }) as BoxFuture<'static, _>
        }))
        .tool(Tool0("ask_name", |_, context: Context| {
            Box::pin(async move {
                match context.elicit_form::<Name>("What is your name?").await {
                    Ok(Elicitation::Accept(Name { name })) => {
                        CallToolResult::text(format!("Hello, {name}!"))
                    }
                    Ok(_) => CallToolResult::text("no name"),
                    Err(e) => CallToolResult::error(format!("{}: {}", e.code, e.message)),
                }
            }) as BoxFuture<'static, _>
        }))
        .build()
        .unwrap()
}

/// A client of a server on in-memory pipes.
struct Client {
    lines: tokio::io::Lines<BufReader<ReadHalf<DuplexStream>>>,
    writer: WriteHalf<DuplexStream>,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Client {
    fn start(stdio: StdioServer) -> Self {
        let (client, pipe) = tokio::io::duplex(1 << 16);
        let (reader, writer) = tokio::io::split(pipe);
        let served = tokio::spawn(stdio.serve_with(reader, writer));
        let (reader, writer) = tokio::io::split(client);
        Self {
            lines: BufReader::new(reader).lines(),
            writer,
            served,
        }
    }

    fn new() -> Self {
        Self::start(StdioServer::new(router()))
    }

    async fn send(&mut self, line: &str) {
        self.writer.write_all(line.as_bytes()).await.unwrap();
        self.writer.write_all(b"\n").await.unwrap();
    }

    async fn send_json(&mut self, message: &Value) {
        self.send(&message.to_string()).await;
    }

    /// The next line, as text.
    async fn line(&mut self) -> String {
        tokio::time::timeout(WAIT, self.lines.next_line())
            .await
            .expect("an answer in time")
            .unwrap()
            .expect("the server's output is open")
    }

    async fn next(&mut self) -> Value {
        serde_json::from_str(&self.line().await).unwrap()
    }

    async fn initialize(&mut self, version: &str, capabilities: Value) -> Value {
        self.send_json(
            &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": version, "capabilities": capabilities,
            "clientInfo": {"name": "test", "version": "1"}}}),
        )
        .await;
        let answer = self.next().await;
        self.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            .await;
        answer
    }

    async fn call(&mut self, id: Value, tool: &str, arguments: Value) {
        self.send_json(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}}))
            .await;
    }

    /// Closes stdin; the server ends by itself.
    async fn close(mut self) -> Vec<String> {
        self.writer.shutdown().await.unwrap();
        let mut rest = Vec::new();
        while let Some(line) = tokio::time::timeout(WAIT, self.lines.next_line())
            .await
            .expect("the output ends in time")
            .unwrap()
        {
            rest.push(line);
        }
        tokio::time::timeout(WAIT, self.served)
            .await
            .expect("serve returns")
            .unwrap()
            .unwrap();
        rest
    }
}

fn meta_2026() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    })
}

#[tokio::test]
async fn initialize_answers_each_2025_version_as_asked_and_others_with_2025_11_25() {
    for (asked, answered) in [
        ("2025-06-18", "2025-06-18"),
        ("2025-11-25", "2025-11-25"),
        ("2024-11-05", "2025-11-25"),
        ("2026-07-28", "2025-11-25"),
    ] {
        let mut client = Client::new();
        let answer = client.initialize(asked, json!({})).await;
        assert_eq!(answer["id"], 0);
        assert_eq!(answer["result"]["protocolVersion"], answered, "{asked}");
        assert!(answer["result"]["capabilities"]["tools"].is_object());
        // A second one is refused.
        client
            .send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}"#)
            .await;
        let again = client.next().await;
        assert_eq!(again["error"]["code"], -32600, "{again}");
        assert!(client.close().await.is_empty());
    }
}

#[tokio::test]
async fn a_2025_session_calls_tools_and_gets_results_written_for_its_version() {
    for version in ["2025-06-18", "2025-11-25"] {
        let mut client = Client::new();
        client.initialize(version, json!({})).await;
        client.call(json!(1), "picture", json!({})).await;
        let answer = client.next().await;
        assert_eq!(answer["id"], 1);
        let content = &answer["result"]["content"];
        assert_eq!(content[0]["text"], "a picture");
        assert_eq!(content[1]["type"], "image");
        let expected =
            picture().to_value_for(crate::rules::ProtocolVersion::parse(version).unwrap());
        assert_eq!(answer["result"], expected, "{version}");
        // 2025-era results have no resultType.
        assert!(answer["result"].get("resultType").is_none());
        client
            .send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
            .await;
        let list = client.next().await;
        assert_eq!(list["result"]["tools"].as_array().unwrap().len(), 6);
        client.close().await;
    }
}

#[tokio::test]
async fn a_2026_request_names_its_version_in_meta_without_initialize() {
    let mut client = Client::new();
    client
        .send_json(&json!({"jsonrpc": "2.0", "id": "a", "method": "tools/call",
            "params": {"name": "echo", "arguments": {"text": "hi"}, "_meta": meta_2026()}}))
        .await;
    let answer = client.next().await;
    assert_eq!(answer["id"], "a");
    assert_eq!(answer["result"]["content"][0]["text"], "hi");
    assert_eq!(answer["result"]["resultType"], "complete");
    client
        .send_json(
            &json!({"jsonrpc": "2.0", "id": 2, "method": "server/discover",
            "params": {"_meta": meta_2026()}}),
        )
        .await;
    let discover = client.next().await;
    assert_eq!(
        discover["result"]["supportedVersions"],
        json!(["2026-07-28"])
    );
    // An unsupported version is -32022 naming what is spoken.
    client
        .send_json(
            &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {"_meta": {
            "io.modelcontextprotocol/protocolVersion": "2025-06-18",
            "io.modelcontextprotocol/clientCapabilities": {}}}}),
        )
        .await;
    let refused = client.next().await;
    assert_eq!(refused["error"]["code"], -32022, "{refused}");
    assert_eq!(refused["error"]["data"]["supported"], json!(["2026-07-28"]));
    // Capabilities missing: -32602.
    client
        .send_json(
            &json!({"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {"_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28"}}}),
        )
        .await;
    assert_eq!(client.next().await["error"]["code"], -32602);
    // A 2026 handler's question goes out in its result, not as a request.
    client
        .send_json(&json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
            "params": {"name": "ask_name", "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}}}))
        .await;
    let asked = client.next().await;
    assert_eq!(asked["id"], 5);
    assert_eq!(asked["result"]["resultType"], "input_required", "{asked}");
    client.close().await;
}

#[tokio::test]
async fn a_request_before_initialize_without_a_version_is_refused_naming_both_ways() {
    let mut client = Client::new();
    client.call(json!(7), "echo", json!({"text": "x"})).await;
    let refused = client.next().await;
    assert_eq!(refused["id"], 7);
    assert_eq!(refused["error"]["code"], -32600);
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("initialize") && message.contains("protocolVersion"),
        "{message}"
    );
    // Ping is always answered.
    client
        .send(r#"{"jsonrpc":"2.0","id":8,"method":"ping"}"#)
        .await;
    assert_eq!(client.next().await["result"], json!({}));
    client.close().await;
}

#[tokio::test]
async fn concurrent_calls_are_answered_each_with_its_exact_id() {
    let mut client = Client::new();
    client.initialize("2025-11-25", json!({})).await;
    // The slow one first: the others overtake it, each answered with its id as sent.
    client.call(json!(1), "wait", json!({"ms": 300})).await;
    let ids = [
        "2",
        "1.0",
        "-0",
        "123456789012345678901234567890",
        "1e2",
        r#""two""#,
        r#""\u0041""#,
    ];
    for (n, id) in ids.iter().enumerate() {
        client
            .send(&format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"n{n}"}}}}}}"#
            ))
            .await;
    }
    let mut seen = std::collections::HashMap::new();
    for _ in 0..=ids.len() {
        let line = client.line().await;
        // The id's text, byte for byte, right after `"id":`.
        let after = line.split_once(r#""id":"#).unwrap().1;
        let id = ids
            .iter()
            .copied()
            .chain(["1"])
            .find(|id| after.starts_with(&format!("{id},")))
            .unwrap_or_else(|| panic!("an id as sent: {line}"));
        let answer: Value = serde_json::from_str(&line).unwrap();
        seen.insert(id, answer["result"]["content"][0]["text"].clone());
    }
    assert_eq!(seen["1"], "waited 300");
    for (n, id) in ids.iter().enumerate() {
        assert_eq!(seen[id], format!("n{n}"), "{id}");
    }
    // The slow call, sent first, was answered last.
    client.close().await;
}

#[tokio::test]
async fn a_cancelled_request_is_dropped_and_not_answered() {
    let mut client = Client::new();
    client.initialize("2025-11-25", json!({})).await;
    client.call(json!("h"), "hang", json!({})).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    client
        .send(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"h"}}"#)
        .await;
    client
        .call(json!(2), "echo", json!({"text": "after"}))
        .await;
    let answer = client.next().await;
    assert_eq!(
        answer["id"], 2,
        "the cancelled request has no answer: {answer}"
    );
    // Nothing more comes: the hang's future is gone, so closing ends at once (no drain).
    let started = std::time::Instant::now();
    assert!(client.close().await.is_empty());
    assert!(started.elapsed() < super::DRAIN);
}

#[tokio::test]
async fn a_panicking_tool_is_answered_internal_error_and_the_next_request_served() {
    let mut client = Client::new();
    client.initialize("2025-11-25", json!({})).await;
    client.call(json!(1), "boom", json!({})).await;
    let answer = client.next().await;
    assert_eq!(answer["id"], 1);
    assert_eq!(answer["error"]["code"], -32603);
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("boom") && !message.contains("on purpose"),
        "{message}"
    );
    client
        .call(json!(2), "echo", json!({"text": "still here"}))
        .await;
    assert_eq!(
        client.next().await["result"]["content"][0]["text"],
        "still here"
    );
    client.close().await;
}

#[tokio::test]
async fn an_oversize_line_is_refused_with_its_id_and_the_next_line_served() {
    let mut client = Client::start(StdioServer::new(router()).max_line_bytes(1024));
    client.initialize("2025-11-25", json!({})).await;
    let big = "x".repeat(4000);
    client.call(json!(41), "echo", json!({ "text": big })).await;
    let refused = client.next().await;
    assert_eq!(refused["id"], 41, "{refused}");
    assert_eq!(refused["error"]["code"], -32600);
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("limit of 1024")
    );
    // The id past the first bytes (here: after the long member) is not found: `null`.
    client
        .send(&format!(
            r#"{{"jsonrpc":"2.0","method":"tools/call","params":{{"name":"echo","arguments":{{"text":"{big}"}}}},"id":42}}"#
        ))
        .await;
    let unknown = client.next().await;
    assert_eq!(unknown["id"], Value::Null, "{unknown}");
    client
        .call(json!(43), "echo", json!({"text": "fits"}))
        .await;
    assert_eq!(client.next().await["result"]["content"][0]["text"], "fits");
    client.close().await;
}

#[tokio::test]
async fn malformed_lines_get_the_parse_error_every_transport_gives() {
    use crate::transport::parse::{MALFORMED, parse_error_reply};
    let mut client = Client::new();
    for (bytes, named) in MALFORMED {
        if bytes.contains(&b'\n') {
            continue;
        }
        client.writer.write_all(bytes).await.unwrap();
        client.writer.write_all(b"\n").await.unwrap();
        let expected = String::from_utf8(parse_error_reply(bytes, None)).unwrap();
        assert_eq!(client.line().await, expected, "{named}");
    }
    // JSON that is not JSON-RPC 2.0.
    client.send(r#"{"id":1,"method":"ping"}"#).await;
    assert_eq!(client.next().await["error"]["code"], -32600);
    // An id that is neither a string nor a number, `null` included (MCP forbids it: the
    // request is refused, not taken for a notification and left unanswered).
    for id in ["[1]", "true", "null"] {
        client
            .send(&format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#))
            .await;
        let refused = client.next().await;
        assert_eq!(
            (refused["id"].clone(), refused["error"]["code"].clone()),
            (Value::Null, json!(-32600)),
            "{id}"
        );
    }
    // A client's answer with a `null` id (to a message it could not read) answers nothing.
    client
        .send(r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#)
        .await;
    client
        .send(r#"{"jsonrpc":"2.0","id":8,"method":"ping"}"#)
        .await;
    assert_eq!(client.next().await["id"], 8);
    // Blank lines are skipped; the server goes on.
    client.send("   ").await;
    client
        .send(r#"{"jsonrpc":"2.0","id":9,"method":"ping"}"#)
        .await;
    assert_eq!(client.next().await["id"], 9);
    client.close().await;
}

#[tokio::test]
async fn eof_ends_the_server_after_answering_what_runs() {
    let mut client = Client::new();
    client.initialize("2025-11-25", json!({})).await;
    client.call(json!(1), "wait", json!({"ms": 100})).await;
    let rest = client.close().await;
    assert_eq!(rest.len(), 1, "{rest:?}");
    let answer: Value = serde_json::from_str(&rest[0]).unwrap();
    assert_eq!(answer["result"]["content"][0]["text"], "waited 100");
}

#[tokio::test]
async fn requests_past_the_in_flight_limit_are_refused_naming_it() {
    let mut client = Client::start(StdioServer::new(router()).max_in_flight(2));
    client.initialize("2025-11-25", json!({})).await;
    client.call(json!(1), "hang", json!({})).await;
    client.call(json!(2), "hang", json!({})).await;
    client.call(json!(3), "echo", json!({"text": "x"})).await;
    let refused = client.next().await;
    assert_eq!(refused["id"], 3);
    assert_eq!(refused["error"]["code"], -32000);
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("2 requests in flight")
    );
    // Cancelling frees a slot.
    client
        .send(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#)
        .await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    client.call(json!(4), "echo", json!({"text": "y"})).await;
    assert_eq!(client.next().await["id"], 4);
    client
        .send(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#)
        .await;
    client.close().await;
}

#[tokio::test]
async fn a_2025_handler_asks_the_client_and_reads_its_answer_from_stdin() {
    let mut client = Client::new();
    client
        .initialize("2025-11-25", json!({"elicitation": {}}))
        .await;
    client.call(json!(1), "ask_name", json!({})).await;
    let asked = client.next().await;
    assert_eq!(asked["method"], "elicitation/create", "{asked}");
    let id = asked["id"].clone();
    client
        .send_json(&json!({"jsonrpc": "2.0", "id": id,
            "result": {"action": "accept", "content": {"name": "Ada"}}}))
        .await;
    let answer = client.next().await;
    assert_eq!(answer["id"], 1);
    assert_eq!(answer["result"]["content"][0]["text"], "Hello, Ada!");
    client.close().await;
}

/// The `boom` tool's body: a handler that panics.
fn fail_on_purpose() -> CallToolResult {
    panic!("the tool failed on purpose")
}

//! A large answer over rmcp's Streamable HTTP transport (`streamable_http_service`): a
//! 2026-07-28 request whose handler says nothing before its answer gets one
//! `application/json` body, never one server-sent event (clients cap an event's size; the
//! Python SDK's HTTP stack at 1 MiB). Read here: a tool's offloaded image through its payload
//! link, and a large resource, each over 1 MiB.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use mcp_content::model::{BlobResourceContents, ResourceContents};
use mcp_content::{Content, Router, resource, tool};
use serde_json::{Value, json};
use tower_service::Service;

const BIG: usize = 1_500_000;

/// The payload's byte at `i`: a pattern no shift or truncation keeps.
fn byte_at(i: usize) -> u8 {
    u8::try_from(i % 251).unwrap()
}

#[derive(Content)]
struct Scan {
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
}

/// A scan too big to inline.
#[tool(max_inline = "64KiB")]
fn scan() -> Scan {
    Scan {
        png: (0..BIG).map(byte_at).collect(),
    }
}

/// A large text.
#[resource(uri = "big://text", mime = "text/plain")]
fn text() -> String {
    "x".repeat(BIG)
}

fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "large-reads", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {}
    })
}

/// POSTs one 2026-07-28 request; the response's content type and its JSON.
async fn post(
    service: &mut mcp_content::rmcp::StreamableHttp,
    method: &str,
    name: &str,
    params: Value,
) -> (String, Value) {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let request = http::Request::post("http://localhost/mcp")
        .header("Host", "localhost")
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", method)
        .header("Mcp-Name", name)
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap();
    let response = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        let response = service.call(request).await.unwrap();
        let content_type = response
            .headers()
            .get(http::header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (content_type, bytes)
    })
    .await
    .expect("answered in time");
    let (content_type, bytes) = response;
    let json = if content_type.starts_with("application/json") {
        serde_json::from_slice(&bytes).unwrap()
    } else {
        Value::Null
    };
    (content_type, json)
}

#[tokio::test]
async fn a_payload_link_and_a_large_resource_are_read_as_one_json_body() {
    let router = Router::builder()
        .tool(scan {})
        .resource(text {})
        .build()
        .unwrap();
    let mut service = mcp_content::rmcp::streamable_http_service(router);

    let (content_type, called) = post(
        &mut service,
        "tools/call",
        "scan",
        json!({"name": "scan", "arguments": {}, "_meta": meta()}),
    )
    .await;
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let link = &called["result"]["content"][0];
    assert_eq!(link["type"], "resource_link", "{called}");
    let uri = link["uri"].as_str().unwrap().to_owned();

    let (content_type, read) = post(
        &mut service,
        "resources/read",
        &uri,
        json!({"uri": uri, "_meta": meta()}),
    )
    .await;
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let contents: ResourceContents =
        mcp_content::wire::read_value(read["result"]["contents"][0].clone()).unwrap();
    let ResourceContents::Blob(BlobResourceContents { blob, .. }) = contents else {
        panic!("a blob")
    };
    let bytes = blob.to_bytes().unwrap();
    assert_eq!(bytes.len(), BIG);
    assert!(bytes.iter().enumerate().all(|(i, b)| *b == byte_at(i)));

    let (content_type, read) = post(
        &mut service,
        "resources/read",
        "big://text",
        json!({"uri": "big://text", "_meta": meta()}),
    )
    .await;
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    assert_eq!(
        read["result"]["contents"][0]["text"].as_str().map(str::len),
        Some(BIG)
    );
}

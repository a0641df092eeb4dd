//! A large image over rmcp's Streamable HTTP transport (`streamable_http_service`): the
//! front writes its base64 itself (rmcp's serializer would escape it byte by byte), and the
//! answer is the one rmcp would have written, as one JSON body with its exact length or,
//! after a progress notification, as events.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use mcp_content::handler::ProtocolError;
use mcp_content::{Content, Context, Router, tool};
use serde_json::{Value, json};
use tower_service::Service;

const SIZE: usize = 300_000;

/// The image's byte at `i`: a pattern no shift or truncation keeps.
fn byte_at(i: usize) -> u8 {
    u8::try_from(i % 253).unwrap()
}

fn base64() -> String {
    base64_simd::STANDARD.encode_to_string((0..SIZE).map(byte_at).collect::<Vec<_>>())
}

#[derive(Content)]
struct Picture {
    #[content(text)]
    caption: String,
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
}

fn picture_of() -> Picture {
    Picture {
        caption: "a caption".into(),
        png: (0..SIZE).map(byte_at).collect(),
    }
}

/// A caption and an image.
#[tool]
fn picture() -> Picture {
    picture_of()
}

/// The same, after a progress notification.
#[tool]
async fn slow_picture(context: Context) -> Result<Picture, ProtocolError> {
    context.progress(0.5, Some(1.0), Some("half")).await?;
    Ok(picture_of())
}

/// POSTs one 2026-07-28 call; the response's content type, its `Content-Length` and body.
async fn call(
    service: &mut mcp_content::rmcp::StreamableHttp,
    name: &str,
) -> (String, Option<usize>, Bytes) {
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "spliced", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {},
        "progressToken": "p"
    });
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": name, "arguments": {}, "_meta": meta}});
    let request = http::Request::post("http://localhost/mcp")
        .header("Host", "localhost")
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", "tools/call")
        .header("Mcp-Name", name)
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap();
    tokio::time::timeout(std::time::Duration::from_secs(30), async {
        let response = service.call(request).await.unwrap();
        let header = |name| {
            response
                .headers()
                .get(name)
                .map(|v: &http::HeaderValue| v.to_str().unwrap().to_owned())
        };
        let content_type = header(http::header::CONTENT_TYPE).unwrap_or_default();
        let length = header(http::header::CONTENT_LENGTH).map(|l| l.parse().unwrap());
        let body = response.into_body();
        let exact = axum::body::HttpBody::size_hint(&body)
            .exact()
            .map(|l| usize::try_from(l).unwrap());
        let bytes = body.collect().await.unwrap().to_bytes();
        (content_type, length.or(exact), bytes)
    })
    .await
    .expect("answered in time")
}

fn assert_the_picture(result: &Value) {
    assert_eq!(result["content"][0]["text"], "a caption", "{result}");
    assert_eq!(result["content"][1]["type"], "image");
    assert_eq!(result["content"][1]["mimeType"], "image/png");
    assert!(result["content"][1]["data"].as_str() == Some(base64().as_str()));
}

#[tokio::test]
async fn a_large_image_is_answered_whole_in_one_json_body_of_its_exact_length() {
    let router = Router::builder().tool(picture {}).build().unwrap();
    let mut service = mcp_content::rmcp::streamable_http_service(router);
    for _ in 0..2 {
        let (content_type, length, bytes) = call(&mut service, "picture").await;
        assert!(
            content_type.starts_with("application/json"),
            "{content_type}"
        );
        assert_eq!(length, Some(bytes.len()));
        assert!(!bytes.windows(16).any(|w| w == b"mcpcontentsplice"));
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(answer["id"], 7);
        assert_the_picture(&answer["result"]);
    }
}

#[tokio::test]
async fn a_large_image_after_a_notification_is_answered_whole_in_its_event() {
    let router = Router::builder().tool(slow_picture {}).build().unwrap();
    let mut service = mcp_content::rmcp::streamable_http_service(router);
    let (content_type, _, bytes) = call(&mut service, "slow_picture").await;
    assert!(
        content_type.starts_with("text/event-stream"),
        "{content_type}"
    );
    assert!(!bytes.windows(16).any(|w| w == b"mcpcontentsplice"));
    let text = std::str::from_utf8(&bytes).unwrap();
    let messages: Vec<Value> = text
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter(|data| !data.trim().is_empty())
        .map(|data| serde_json::from_str(data.trim()).unwrap())
        .collect();
    let answer = messages
        .iter()
        .find(|m| m["id"] == 7)
        .unwrap_or_else(|| panic!("an answer among {} events", messages.len()));
    assert_the_picture(&answer["result"]);
    assert!(
        messages
            .iter()
            .any(|m| m["method"] == "notifications/progress")
    );
}

//! Identifiers that grant access are unguessable: a client that holds ids of its own learns
//! nothing about the next one. Payload link ids (here, in process) and task ids (over
//! rmcp's stdio transport) are 32 hex digits of 128 random bits, distinct, and consecutive
//! ones share no structure (no counter, time or process id to extrapolate from).

use std::collections::HashSet;

use mcp_content::handler::{BoxFuture, ToolHandler};
use mcp_content::model::{ImageContent, Meta, MimeType, Tool, ToolName};
use mcp_content::payload::PAYLOAD_URI_PREFIX;
use mcp_content::{CallToolResult, ContentBlock, Context, ProtocolVersion, Router, tool};
use serde_json::{Map, Value, json};

use crate::stdio::Client;

/// 16 bytes from 32 lowercase hex digits, or a panic naming the id.
fn random_bytes_of(id: &str) -> Vec<u8> {
    assert_eq!(id.len(), 32, "{id}: 32 hex digits");
    assert!(
        id.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
        "{id}: lowercase hex"
    );
    (0..32)
        .step_by(2)
        .map(|i| u8::from_str_radix(&id[i..i + 2], 16).unwrap())
        .collect()
}

/// Distinct, and each next one differs from the one before in many bits and in its
/// leading bytes (where a process id or a time would sit).
fn assert_unguessable(ids: &[String]) {
    assert_eq!(
        ids.iter().collect::<HashSet<_>>().len(),
        ids.len(),
        "{ids:?}"
    );
    for pair in ids.windows(2) {
        let (a, b) = (random_bytes_of(&pair[0]), random_bytes_of(&pair[1]));
        let differing: u32 = a.iter().zip(&b).map(|(x, y)| (x ^ y).count_ones()).sum();
        assert!(
            differing >= 32,
            "{pair:?}: only {differing} of 128 bits differ"
        );
        assert_ne!(a[..4], b[..4], "{pair:?}: the same leading bytes");
    }
}

struct Photo;

impl ToolHandler for Photo {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("photo").unwrap())
    }
    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let image = ImageContent::new(vec![1; 100], MimeType::new("image/png").unwrap());
        Box::pin(async move { CallToolResult::new(vec![image.unwrap().into()]) })
    }
}

#[tokio::test]
async fn payload_link_ids_are_128_random_bits() {
    let router = Router::builder()
        .tool(Photo)
        .max_inline(10)
        .build()
        .unwrap();
    let mut ids = Vec::new();
    for _ in 0..50 {
        let result = router
            .call_tool(
                "photo",
                None,
                Context::new(Meta::new(), ProtocolVersion::LATEST),
            )
            .await
            .unwrap();
        let ContentBlock::ResourceLink(link) = &result.content[0] else {
            panic!("not a link: {result:?}");
        };
        let id = link.uri.as_str().strip_prefix(PAYLOAD_URI_PREFIX).unwrap();
        ids.push(id.to_owned());
    }
    assert_unguessable(&ids);
}

/// Answers at once, as a task.
#[tool(task = "required")]
fn quick() -> String {
    "quick".into()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn task_ids_are_task_and_128_random_bits() {
    let router = mcp_content::router! { tools: [quick] }.build().unwrap();
    let mut client = Client::start(router, &tokio::runtime::Handle::current());
    let mut ids = Vec::new();
    for _ in 0..30 {
        let reply = client
            .request("tools/call", json!({ "name": "quick" }))
            .await;
        let id = reply["result"]["taskId"]
            .as_str()
            .unwrap_or_else(|| panic!("{reply}"));
        ids.push(
            id.strip_prefix("task-")
                .unwrap_or_else(|| panic!("{id}"))
                .to_owned(),
        );
    }
    assert_unguessable(&ids);
}

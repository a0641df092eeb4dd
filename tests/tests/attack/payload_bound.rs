//! The in-memory payload store is bounded: a client that makes a tool offload payload after
//! payload fills it to its bound and no further; past it the new payload is refused with an
//! error naming the bound, and the links already handed out keep working.

use std::sync::Arc;
use std::time::Duration;

use mcp_content::handler::{BoxFuture, ToolHandler};
use mcp_content::model::{ImageContent, Meta, MimeType, Tool, ToolName};
use mcp_content::payload::{
    DEFAULT_MAX_PAYLOAD_BYTES, MemoryPayloadStore, PayloadStore, StoredPayload,
};
use mcp_content::store::StoreFuture;
use mcp_content::{CallToolResult, ContentBlock, Context, ProtocolVersion, Router};
use serde_json::{Map, Value};

/// Returns an image of `bytes` bytes, every call a new one.
struct Photo {
    bytes: usize,
}

impl ToolHandler for Photo {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("photo").unwrap())
    }
    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let image = ImageContent::new(vec![7; self.bytes], MimeType::new("image/png").unwrap());
        Box::pin(async move { CallToolResult::new(vec![image.unwrap().into()]) })
    }
}

/// The router's store, kept where the test can look at it.
struct Shared(Arc<MemoryPayloadStore>);

impl PayloadStore for Shared {
    fn put(&self, id: String, payload: StoredPayload) -> StoreFuture<'_, ()> {
        self.0.put(id, payload)
    }
    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredPayload>> {
        self.0.get(id)
    }
}

fn router(store: &Arc<MemoryPayloadStore>, bytes: usize, ttl: Duration) -> Router {
    Router::builder()
        .tool(Photo { bytes })
        .max_inline(1024)
        .payload_store(Shared(Arc::clone(store)))
        .payload_ttl(ttl)
        .build()
        .unwrap()
}

fn context() -> Context {
    Context::new(Meta::new(), ProtocolVersion::LATEST)
}

fn link_uri(result: &CallToolResult) -> String {
    match &result.content[0] {
        ContentBlock::ResourceLink(link) => link.uri.as_str().to_owned(),
        other => panic!("not a link: {other:?}"),
    }
}

#[tokio::test]
async fn two_hundred_one_mib_results_do_not_hold_two_hundred_mib() {
    let store = Arc::new(MemoryPayloadStore::new());
    let router = router(&store, 1 << 20, Duration::from_secs(300));
    let (mut kept, mut refused, mut first_link) = (0, 0, None);
    for _ in 0..200 {
        match router.call_tool("photo", None, context()).await {
            Ok(result) => {
                kept += 1;
                first_link.get_or_insert_with(|| link_uri(&result));
            }
            Err(error) => {
                refused += 1;
                assert_eq!(error.code, -32603, "{error:?}");
                assert!(
                    error
                        .message
                        .starts_with("payload store: full: a payload of 1048576 bytes"),
                    "{}",
                    error.message
                );
                assert!(error.message.contains("with_limits"), "{}", error.message);
            }
        }
    }
    assert_eq!(
        kept,
        DEFAULT_MAX_PAYLOAD_BYTES >> 20,
        "the default bound is 64 MiB"
    );
    assert_eq!(refused, 200 - kept);
    assert!(
        store.held_bytes() <= DEFAULT_MAX_PAYLOAD_BYTES,
        "{}",
        store.held_bytes()
    );
    // What was handed out before the bound was reached still reads: nothing was evicted.
    let read = router
        .read_resource(&first_link.unwrap(), context())
        .await
        .unwrap();
    assert_eq!(read.contents.len(), 1);
}

#[tokio::test]
async fn the_count_bound_refuses_the_next_payload_naming_it() {
    let store = Arc::new(MemoryPayloadStore::with_limits(1 << 20, 3));
    let router = router(&store, 2000, Duration::from_secs(300));
    for _ in 0..3 {
        router.call_tool("photo", None, context()).await.unwrap();
    }
    let error = router
        .call_tool("photo", None, context())
        .await
        .unwrap_err();
    assert!(
        error
            .message
            .starts_with("payload store: full: 3 payloads kept"),
        "{}",
        error.message
    );
    assert_eq!((store.len(), store.held_bytes()), (3, 6000));
}

#[tokio::test]
async fn expired_payloads_give_their_room_back() {
    let store = Arc::new(MemoryPayloadStore::with_limits(5000, 100));
    let router = router(&store, 2000, Duration::from_millis(50));
    for _ in 0..2 {
        router.call_tool("photo", None, context()).await.unwrap();
    }
    assert!(router.call_tool("photo", None, context()).await.is_err());
    tokio::time::sleep(Duration::from_millis(80)).await;
    // The sweep before the next `put` frees the expired bytes.
    router.call_tool("photo", None, context()).await.unwrap();
    assert_eq!((store.len(), store.held_bytes()), (1, 2000));
}

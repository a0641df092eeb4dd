//! Payload links in Redis: issued by one replica, read from another until they expire,
//! within one bound for every replica.

use std::time::{Duration, Instant};

use mcp_content::model::{Base64Data, ImageContent, Meta, MimeType, ResourceContents};
use mcp_content::payload::{PayloadStore, StoredPayload};
use mcp_content::redis::RedisPayloadStore;
use mcp_content::{CallToolResult, ContentBlock, Context, ProtocolVersion, tool};

use crate::support::{connect, keys, prefix, redis_url};

fn payload(bytes: Vec<u8>, ttl: Duration) -> StoredPayload {
    StoredPayload {
        data: Base64Data::from(bytes),
        mime_type: Some(MimeType::new("image/png").unwrap()),
        expires: Instant::now() + ttl,
        principal: Some("alice".into()),
    }
}

#[tokio::test]
async fn a_payload_put_by_one_replica_reads_from_another_until_it_expires() {
    let Some(url) = redis_url() else { return };
    let prefix = prefix("payload");
    let a = RedisPayloadStore::new(&connect(&url, &prefix).await);
    let b = RedisPayloadStore::new(&connect(&url, &prefix).await);
    let bytes: Vec<u8> = (0..=255u8).cycle().take(100_000).collect();
    a.put(
        "p1".into(),
        payload(bytes.clone(), Duration::from_millis(600)),
    )
    .await
    .unwrap();
    let read = b
        .get("p1")
        .await
        .unwrap()
        .expect("readable from the other replica");
    assert_eq!(read.data.to_bytes().unwrap(), bytes);
    assert_eq!(read.mime_type.unwrap().as_str(), "image/png");
    // Kept whole: the principal the link was issued to comes back as given.
    assert_eq!(read.principal.as_deref(), Some("alice"));
    let left = read.expires.saturating_duration_since(Instant::now());
    assert!(
        left > Duration::ZERO && left <= Duration::from_millis(600),
        "{left:?}"
    );
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(b.get("p1").await.unwrap().is_none(), "gone once expired");
    assert!(a.get("never-issued").await.unwrap().is_none());
}

#[tokio::test]
async fn the_bound_holds_for_every_replica_together_and_expired_payloads_free_it() {
    let Some(url) = redis_url() else { return };
    let prefix = prefix("bound");
    let a = RedisPayloadStore::new(&connect(&url, &prefix).await).with_limits(10_000, 3);
    let b = RedisPayloadStore::new(&connect(&url, &prefix).await).with_limits(10_000, 3);
    let minute = Duration::from_secs(60);
    a.put("1".into(), payload(vec![1; 100], minute))
        .await
        .unwrap();
    b.put("2".into(), payload(vec![2; 100], minute))
        .await
        .unwrap();
    a.put(
        "3".into(),
        payload(vec![3; 100], Duration::from_millis(300)),
    )
    .await
    .unwrap();
    let full = b
        .put("4".into(), payload(vec![4; 100], minute))
        .await
        .unwrap_err();
    assert_eq!(
        full.to_string(),
        "payload store: full: 3 payloads kept, the most this store keeps \
         (RedisPayloadStore::with_limits sets it); links free their room when they expire"
    );
    // Every link handed out still works.
    for id in ["1", "2", "3"] {
        assert!(b.get(id).await.unwrap().is_some(), "{id}");
    }
    // Once the third has expired, its room is free again.
    tokio::time::sleep(Duration::from_millis(500)).await;
    b.put("4".into(), payload(vec![4; 100], minute))
        .await
        .unwrap();

    // A payload larger than the room left is refused, whichever replica puts it.
    let prefix = crate::support::prefix("bytes");
    let a = RedisPayloadStore::new(&connect(&url, &prefix).await).with_limits(1_000, 10);
    let b = RedisPayloadStore::new(&connect(&url, &prefix).await).with_limits(1_000, 10);
    a.put("6".into(), payload(vec![6; 400], minute))
        .await
        .unwrap();
    let big = b
        .put("7".into(), payload(vec![7; 400], minute))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        big.starts_with("payload store: full: a payload of ")
            && big.contains("within 1000 bytes at most"),
        "{big}"
    );
    assert!(a.get("7").await.unwrap().is_none());
    assert!(b.get("6").await.unwrap().is_some());
}

/// A 4 KiB image, over a 1 KiB budget.
#[tool]
fn photo() -> CallToolResult {
    let image = ImageContent::new(vec![7; 4096], MimeType::new("image/png").unwrap()).unwrap();
    CallToolResult::new(vec![image.into()])
}

#[tokio::test]
async fn a_link_issued_by_one_router_is_read_through_another() {
    let Some(url) = redis_url() else { return };
    let prefix = prefix("link");
    let replica = |redis| {
        mcp_content::router! { tools: [photo] }
            .max_inline(1024)
            .payload_store(RedisPayloadStore::new(&redis))
            .state_keys(keys())
            .build()
            .unwrap()
    };
    let one = replica(connect(&url, &prefix).await);
    let three = replica(connect(&url, &prefix).await);
    let context = || Context::new(Meta::new(), ProtocolVersion::LATEST);
    let result = one.call_tool("photo", None, context()).await.unwrap();
    let ContentBlock::ResourceLink(link) = &result.content[0] else {
        panic!("a link: {result:?}");
    };
    let read = three
        .read_resource(link.uri.as_str(), context())
        .await
        .unwrap();
    let ResourceContents::Blob(blob) = &read.contents[0] else {
        panic!("a blob: {read:?}");
    };
    assert_eq!(blob.blob.to_bytes().unwrap(), vec![7; 4096]);
}

//! Payload budgets: a binary block larger than a tool's budget goes out as a
//! `resource_link` to a short-lived resource the router serves, instead of inline base64.
//!
//! A 16 MiB image inline is 22 MB of base64 in one JSON message that every proxy and host
//! must buffer; a link lets the client fetch it when (and if) it needs it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::model::binary::Base64Data;
use crate::model::cache::CacheHint;
use crate::model::content::{BlobResourceContents, ContentBlock, ResourceContents, ResourceLink};
use crate::model::resource::{CacheScope, ReadResourceResult};
use crate::model::tool::CallToolResult;
use crate::model::validated::{MimeType, Uri};
use crate::server::auth::Principal;
use crate::server::store::{StoreError, StoreFuture};

/// Where payload links point: `mcp-payload://blob/<id>`.
pub const PAYLOAD_URI_PREFIX: &str = "mcp-payload://blob/";

/// The `_meta` key on a payload link saying what block it replaces, so a reader can put the
/// block back ([`crate::convert::payload_links::inline_payload_links`]): `{"type": "image" | "audio" |
/// "resource", "uri": …, "meta": …}` (`uri` and `meta` of an embedded resource's contents).
pub const PAYLOAD_META_KEY: &str = "dev.mcp-content/payload";

/// A payload kept for a link. A store that keeps it outside the process writes it whole with
/// serde (`expires` is this process's clock, not written: such a store keeps the time left
/// as the entry's own expiry and sets it back when it reads the payload).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredPayload {
    /// The bytes.
    pub data: Base64Data,
    /// Their MIME type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<MimeType>,
    /// When the link stops working.
    #[serde(skip, default = "Instant::now")]
    pub expires: Instant,
    /// Who the link was issued to: the [`owner`](Principal::owner) key of the principal
    /// whose tool call produced the payload, `None` for a call without a principal (no
    /// authorization configured, stdio). A `resources/read` of the link by another
    /// principal (or without one, or with one where this is `None`) is answered as for a
    /// link that does not exist. A store keeps it as given.
    pub principal: Option<String>,
}

/// Where the router keeps payloads served through links. [`MemoryPayloadStore`] is the
/// default; implement this to keep them elsewhere (a disk cache, an object store, a store
/// replicas share). An example is in [`crate::store`].
///
/// Both operations are async and fallible: a `put` that fails fails the tool call that
/// offloaded the payload (an internal error with the [`StoreError`]'s words); a `get` that
/// fails fails the `resources/read` of the link.
///
/// A payload belongs to the principal it was issued to ([`StoredPayload::principal`]): the
/// router compares it with the reader's after `get`, so a store only keeps it with the
/// bytes (see [`crate::store`], "Ownership").
pub trait PayloadStore: Send + Sync + 'static {
    /// Keeps `payload` under `id` (an unguessable name the router chose) until
    /// `payload.expires`. A store with limits (bytes, count) refuses here with a
    /// [`StoreError`] saying which.
    fn put(&self, id: String, payload: StoredPayload) -> StoreFuture<'_, ()>;
    /// The payload kept under `id`, unless it is gone or expired.
    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredPayload>>;
    /// Whether processes other than this one share what it keeps (a link issued by one
    /// replica read from another); `false` unless the store says so. A router with a shared
    /// store needs shared `requestState` keys (`RouterBuilder::build` refuses it otherwise).
    fn is_shared(&self) -> bool {
        false
    }
}

/// How many bytes of payloads a [`MemoryPayloadStore`] keeps by default: 64 MiB.
pub const DEFAULT_MAX_PAYLOAD_BYTES: usize = 64 << 20;
/// How many payloads a [`MemoryPayloadStore`] keeps by default: 1,024.
pub const DEFAULT_MAX_PAYLOADS: usize = 1024;

/// Payloads in memory, dropped once expired (expired ones are swept on each `put`), within
/// two bounds: at most [`DEFAULT_MAX_PAYLOAD_BYTES`] bytes (the bytes a payload holds: raw,
/// or the base64 text it was given as) and [`DEFAULT_MAX_PAYLOADS`] payloads unless set
/// with [`MemoryPayloadStore::with_limits`].
///
/// Past a bound the new payload is refused (its tool call fails with `-32603`, `payload
/// store: full: …`), and what is kept stays: every link already handed out is a promise
/// to some client until its TTL, and evicting the oldest would break it silently, a later
/// `resources/read` of a link that was fine when it was sent, and would let one client's
/// flood take away another's results. Refusing fails loudly, at once, the call that did not
/// fit. The bound holds live payloads only: expired ones are swept before a `put` is judged.
///
/// ```
/// use std::time::{Duration, Instant};
/// use mcp_content::model::Base64Data;
/// use mcp_content::payload::{MemoryPayloadStore, PayloadStore, StoredPayload};
///
/// # async fn run() {
/// let store = MemoryPayloadStore::with_limits(1000, 10);
/// let payload = |n: usize| StoredPayload {
///     data: Base64Data::from(vec![0; n]),
///     mime_type: None,
///     expires: Instant::now() + Duration::from_secs(60),
///     principal: None,
/// };
/// store.put("a".into(), payload(600)).await.unwrap();
/// let full = store.put("b".into(), payload(600)).await.unwrap_err();
/// assert!(full.to_string().starts_with("payload store: full:"), "{full}");
/// assert_eq!(store.held_bytes(), 600);
/// # }
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(run());
/// ```
#[derive(Debug)]
pub struct MemoryPayloadStore {
    held: Mutex<Held>,
    max_bytes: usize,
    max_payloads: usize,
}

#[derive(Debug, Default)]
struct Held {
    payloads: HashMap<String, Arc<StoredPayload>>,
    bytes: usize,
}

impl Default for MemoryPayloadStore {
    fn default() -> Self {
        Self::with_limits(DEFAULT_MAX_PAYLOAD_BYTES, DEFAULT_MAX_PAYLOADS)
    }
}

impl MemoryPayloadStore {
    /// An empty store with the default bounds.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty store keeping at most `max_bytes` bytes in at most `max_payloads` payloads.
    pub fn with_limits(max_bytes: usize, max_payloads: usize) -> Self {
        Self {
            held: Mutex::default(),
            max_bytes,
            max_payloads,
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many payloads are kept (expired ones included until the next sweep).
    pub fn len(&self) -> usize {
        self.held().payloads.len()
    }

    /// Whether no payload is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many bytes the kept payloads hold (expired ones included until the next sweep).
    pub fn held_bytes(&self) -> usize {
        self.held().bytes
    }

    fn keep(&self, id: String, payload: StoredPayload) -> Result<(), StoreError> {
        let size = payload.data.held_len();
        let mut held = self.held();
        let now = Instant::now();
        let mut freed = 0;
        held.payloads.retain(|_, p| {
            let live = p.expires > now;
            if !live {
                freed += p.data.held_len();
            }
            live
        });
        held.bytes -= freed;
        if held.payloads.len() >= self.max_payloads {
            return Err(StoreError::payloads(format_args!(
                "full: {} payloads kept, the most this store keeps (MemoryPayloadStore::with_limits \
                 sets it); links free their room when they expire",
                held.payloads.len()
            )));
        }
        if size > self.max_bytes.saturating_sub(held.bytes) {
            return Err(StoreError::payloads(format_args!(
                "full: a payload of {size} bytes does not fit beside the {} bytes kept, within \
                 {} bytes at most (MemoryPayloadStore::with_limits sets it); links free their \
                 room when they expire",
                held.bytes, self.max_bytes
            )));
        }
        held.bytes += size;
        if let Some(replaced) = held.payloads.insert(id, Arc::new(payload)) {
            held.bytes -= replaced.data.held_len();
        }
        Ok(())
    }

    fn find(&self, id: &str) -> Option<StoredPayload> {
        self.held()
            .payloads
            .get(id)
            .filter(|p| p.expires > Instant::now())
            .map(|p| StoredPayload::clone(p))
    }
}

// Never waits: the work is done before the future is returned.
impl PayloadStore for MemoryPayloadStore {
    fn put(&self, id: String, payload: StoredPayload) -> StoreFuture<'_, ()> {
        Box::pin(std::future::ready(self.keep(id, payload)))
    }

    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredPayload>> {
        Box::pin(std::future::ready(Ok(self.find(id))))
    }
}

/// The router's payload settings.
pub(crate) struct Payloads {
    pub(crate) store: Arc<dyn PayloadStore>,
    pub(crate) ttl: Duration,
}

/// The default lifetime of a payload link.
pub(crate) const DEFAULT_PAYLOAD_TTL: Duration = Duration::from_secs(300);

impl Payloads {
    /// Moves every binary block of `result` larger than `max_inline` bytes into the store
    /// and puts a link in its place, a link for `caller` only.
    pub(crate) async fn apply(
        &self,
        result: &mut CallToolResult,
        max_inline: u64,
        caller: Option<Arc<Principal>>,
    ) -> Result<(), StoreError> {
        for block in &mut result.content {
            let too_big = |data: &Base64Data| data.decoded_len() as u64 > max_inline;
            let replace = match block {
                ContentBlock::Image(image) => too_big(&image.data),
                ContentBlock::Audio(audio) => too_big(&audio.data),
                ContentBlock::Resource(embedded) => {
                    matches!(&embedded.resource, ResourceContents::Blob(blob) if too_big(&blob.blob))
                }
                _ => false,
            };
            if replace {
                let taken = std::mem::replace(block, ContentBlock::text(""));
                let (link, id, mut payload) = self.link(taken);
                payload.principal = caller.as_deref().map(Principal::owner);
                self.store.put(id, payload).await?;
                *block = ContentBlock::from(link);
            }
        }
        Ok(())
    }

    /// The link replacing `block`, the id it points to and the payload to keep under it.
    fn link(&self, block: ContentBlock) -> (ResourceLink, String, StoredPayload) {
        // Image and audio blocks have the same fields under two types, which neither a
        // pattern (they are boxed) nor a generic (no trait names the fields) can take as one.
        macro_rules! media {
            ($kind:literal, $block:expr) => {{
                let b = $block;
                (
                    $kind,
                    b.data,
                    Some(b.mime_type),
                    b.annotations,
                    b.meta,
                    b.extra,
                    None,
                )
            }};
        }
        let (kind, data, mime_type, annotations, mut meta, extra, inner) = match block {
            ContentBlock::Image(b) => media!("image", *b),
            ContentBlock::Audio(b) => media!("audio", *b),
            ContentBlock::Resource(b) => {
                let ResourceContents::Blob(blob) = b.resource else {
                    unreachable!("only blob resources are replaced")
                };
                let inner = (blob.uri, blob.meta);
                (
                    "resource",
                    blob.blob,
                    blob.mime_type,
                    b.annotations,
                    b.meta,
                    b.extra,
                    Some(inner),
                )
            }
            _ => unreachable!("only binary blocks are replaced"),
        };
        let id = crate::server::random_id::random_id();
        let uri = Uri::new(format!("{PAYLOAD_URI_PREFIX}{id}"))
            .expect("the prefix and a hex id make an absolute URI");
        let mut link = ResourceLink::new(uri, format!("{kind}-{id}"));
        link.size = Some(data.decoded_len().into());
        link.mime_type.clone_from(&mime_type);
        link.annotations = annotations;
        link.extra = extra;
        let mut replaced = Map::new();
        replaced.insert("type".into(), Value::from(kind));
        if let Some((uri, inner_meta)) = inner {
            replaced.insert("uri".into(), Value::from(uri.as_str()));
            if !inner_meta.is_empty() {
                replaced.insert("meta".into(), Value::Object(inner_meta.to_map()));
            }
        }
        meta.__insert_unchecked(PAYLOAD_META_KEY, Value::Object(replaced));
        link.meta = meta;
        let payload = StoredPayload {
            data,
            mime_type,
            expires: Instant::now() + self.ttl,
            principal: None,
        };
        (link, id, payload)
    }

    /// The read result for a payload link read by `caller`, or `None` when `uri` is not one
    /// of ours, the payload is gone, or it was issued to another principal (the router then
    /// answers as for any unknown resource: the same words whichever it was).
    pub(crate) async fn read(
        &self,
        uri: &str,
        caller: Option<&Principal>,
    ) -> Result<Option<ReadResourceResult>, StoreError> {
        let Some(id) = uri.strip_prefix(PAYLOAD_URI_PREFIX) else {
            return Ok(None);
        };
        let Some(payload) = self.store.get(id).await? else {
            return Ok(None);
        };
        if payload.principal != caller.map(Principal::owner) {
            return Ok(None);
        }
        let Ok(uri) = Uri::new(uri) else {
            return Ok(None);
        };
        let mut blob = BlobResourceContents::new(uri, payload.data);
        blob.mime_type = payload.mime_type;
        let mut result = ReadResourceResult::new(vec![blob.into()]);
        let left = payload.expires.saturating_duration_since(Instant::now());
        // The bytes never change while the link lives; the link is the caller's own.
        CacheHint::from_duration(left, CacheScope::Private).fill(&mut result);
        Ok(Some(result))
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{MemoryPayloadStore, StoredPayload};
    use crate::model::binary::Base64Data;

    fn payload(data: Base64Data) -> StoredPayload {
        StoredPayload {
            data,
            mime_type: None,
            expires: Instant::now() + Duration::from_secs(60),
            principal: None,
        }
    }

    #[test]
    fn a_link_reads_back_only_for_the_principal_it_was_issued_to() {
        use std::sync::Arc;

        use super::Payloads;
        use crate::model::content::{ContentBlock, ImageContent};
        use crate::model::tool::CallToolResult;
        use crate::model::validated::MimeType;
        use crate::server::auth::Principal;

        let payloads = Payloads {
            store: Arc::new(MemoryPayloadStore::new()),
            ttl: Duration::from_secs(60),
        };
        let image = || {
            let data = Base64Data::from_bytes(vec![7; 100]);
            let image = ImageContent::new(data, MimeType::new("image/png").unwrap()).unwrap();
            CallToolResult::new(vec![ContentBlock::from(image)])
        };
        let link = |result: &CallToolResult| match &result.content[0] {
            ContentBlock::ResourceLink(link) => link.uri.as_str().to_owned(),
            other => panic!("a link: {other:?}"),
        };
        let (alice, bob) = (Principal::new("alice"), Principal::new("bob"));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut result = image();
            let owner = Some(Arc::new(alice.clone()));
            payloads.apply(&mut result, 10, owner).await.unwrap();
            let uri = link(&result);
            for other in [Some(&bob), None] {
                assert!(payloads.read(&uri, other).await.unwrap().is_none());
            }
            assert!(payloads.read(&uri, Some(&alice)).await.unwrap().is_some());
            let mut result = image();
            payloads.apply(&mut result, 10, None).await.unwrap();
            let uri = link(&result);
            assert!(payloads.read(&uri, Some(&alice)).await.unwrap().is_none());
            assert!(payloads.read(&uri, None).await.unwrap().is_some());
        });
    }

    #[test]
    fn the_bound_counts_the_bytes_held_raw_or_as_base64_text() {
        let store = MemoryPayloadStore::with_limits(1000, 10);
        store
            .keep("raw".into(), payload(Base64Data::from_bytes(vec![0; 300])))
            .unwrap();
        // 300 bytes given as base64 hold 400 bytes of text.
        let text = Base64Data::from_base64("AAAA".repeat(100)).unwrap();
        store.keep("text".into(), payload(text)).unwrap();
        assert_eq!(store.held_bytes(), 700);
        let refused = store
            .keep("more".into(), payload(Base64Data::from_bytes(vec![0; 301])))
            .unwrap_err();
        assert_eq!(
            refused.to_string(),
            "payload store: full: a payload of 301 bytes does not fit beside the 700 bytes \
             kept, within 1000 bytes at most (MemoryPayloadStore::with_limits sets it); links \
             free their room when they expire"
        );
        // Exactly to the bound fits; a payload larger than the whole bound never does.
        store
            .keep("last".into(), payload(Base64Data::from_bytes(vec![0; 300])))
            .unwrap();
        assert_eq!(store.held_bytes(), 1000);
        let alone = MemoryPayloadStore::with_limits(1000, 10);
        assert!(
            alone
                .keep("big".into(), payload(Base64Data::from_bytes(vec![0; 1001])))
                .is_err()
        );
        assert!(alone.is_empty());
    }
}

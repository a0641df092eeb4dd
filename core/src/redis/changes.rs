//! [`RedisChangeBus`]: changes published on Redis pub/sub, heard by the listeners of every
//! replica.

use std::fmt;

use ::redis::aio::ConnectionManager;
use ::redis::{Msg, PushInfo};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use super::{AbortOnDrop, Redis, RedisError, keep_alive, manager};
use crate::server::changes::{
    Change, ChangeBus, ChangeFeed, ChangeListener, FeedSubscription, ListKind,
};
use crate::server::store::{StoreFuture, StoreKind};

/// A change bus on Redis pub/sub: a change published on any replica reaches the listeners on
/// every replica sharing the prefix (the channel `<prefix>changes`).
///
/// Each bus holds one subscription of its own (a second connection, opened by
/// [`RedisChangeBus::new`]), and fans every change it hears out to the listeners of its
/// process. A change published here is heard by this process's listeners at once, before
/// [`publish`](ChangeBus::publish) resolves (the seam's contract), and once more from Redis,
/// where it is recognised by this bus's origin id and dropped: every listener hears every
/// change once. While the bus and Redis are both up no change is lost; one published while
/// this bus's connection is down does not reach its listeners (pub/sub keeps nothing), and
/// when Redis comes back the bus reconnects and subscribes again by itself.
///
/// ```no_run
/// use mcp_content::redis::{Redis, RedisChangeBus};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let redis = Redis::connect("redis://127.0.0.1:6379/").await?;
/// let router = mcp_content::Router::builder()
///     .change_bus(RedisChangeBus::new(&redis).await?)
///     .state_keys(mcp_content::input::StateKeys::from_key_file("state-keys")?)
///     .build()?;
/// // Heard by the `subscriptions/listen` streams of every replica.
/// router.notify_resource_updated("weather://paris").await?;
/// # Ok(())
/// # }
/// ```
pub struct RedisChangeBus {
    redis: Redis,
    channel: String,
    origin: String,
    local: ChangeFeed,
    // The subscription's connection, kept open while the bus lives.
    _subscriber: ConnectionManager,
    _tasks: [AbortOnDrop; 2],
}

impl fmt::Debug for RedisChangeBus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisChangeBus")
            .field("channel", &self.channel)
            .field("listeners", &self.local.listeners())
            .finish_non_exhaustive()
    }
}

impl RedisChangeBus {
    /// A bus on `redis`: opens its subscription (an error naming the URL when it cannot).
    pub async fn new(redis: &Redis) -> Result<Self, RedisError> {
        let options = &redis.inner.options;
        let channel = redis.key("changes", "");
        let cannot = |e: &dyn fmt::Display| {
            RedisError::new(redis.url(), format!("cannot subscribe to {channel}: {e}"))
        };
        let (sender, received) = tokio::sync::mpsc::unbounded_channel();
        let subscriber = manager(&redis.inner.client, options, Some(sender))
            .await
            .map_err(|e| cannot(&e))?;
        let mut subscribing = subscriber.clone();
        super::bounded(options.timeout, subscribing.subscribe(&channel))
            .await
            .map_err(|e| cannot(&e))?
            .map_err(|e| cannot(&e))?;
        let origin = crate::server::random_id::random_id();
        let local = ChangeFeed::default();
        let forward = AbortOnDrop::spawn(forward(received, origin.clone(), local.clone()));
        let health = AbortOnDrop::spawn(keep_alive(subscriber.clone(), options.timeout));
        Ok(Self {
            redis: redis.clone(),
            channel,
            origin,
            local,
            _subscriber: subscriber,
            _tasks: [forward, health],
        })
    }
}

/// Hands every change heard on the channel to this process's listeners, but those this bus
/// published itself (its listeners heard them when they were published).
async fn forward(mut received: UnboundedReceiver<PushInfo>, origin: String, local: ChangeFeed) {
    while let Some(push) = received.recv().await {
        let Some(message) = Msg::from_push_info(push) else {
            continue; // subscription confirmations, disconnections
        };
        let Some((from, change)) = decode(message.get_payload_bytes()) else {
            continue; // not a change this crate wrote
        };
        if from != origin {
            local.publish(&change);
        }
    }
}

fn list_name(kind: ListKind) -> &'static str {
    match kind {
        ListKind::Tools => "tools",
        ListKind::Prompts => "prompts",
        ListKind::Resources => "resources",
    }
}

/// A change on the channel: `{"origin": …, "resource": uri}` or `{"origin": …, "list": …}`.
fn encode(origin: &str, change: &Change) -> String {
    match change {
        Change::ResourceUpdated(uri) => json!({ "origin": origin, "resource": uri }),
        Change::ListChanged(kind) => json!({ "origin": origin, "list": list_name(*kind) }),
    }
    .to_string()
}

fn decode(message: &[u8]) -> Option<(String, Change)> {
    let value: Value = serde_json::from_slice(message).ok()?;
    let origin = value.get("origin")?.as_str()?.to_owned();
    let change = if let Some(uri) = value.get("resource") {
        Change::ResourceUpdated(uri.as_str()?.to_owned())
    } else {
        let kind = [ListKind::Tools, ListKind::Prompts, ListKind::Resources]
            .into_iter()
            .find(|kind| value.get("list").and_then(Value::as_str) == Some(list_name(*kind)))?;
        Change::ListChanged(kind)
    };
    Some((origin, change))
}

impl ChangeBus for RedisChangeBus {
    /// This process's listeners hear `change` at once; then it is published on Redis for
    /// the other replicas. An error (Redis down) says that the other replicas were not told.
    fn publish(&self, change: Change) -> StoreFuture<'_, ()> {
        self.local.publish(&change);
        let message = encode(&self.origin, &change);
        Box::pin(async move {
            let channel = &self.channel;
            self.redis
                .run(StoreKind::Changes, |mut connection| async move {
                    ::redis::cmd("PUBLISH")
                        .arg(channel)
                        .arg(message)
                        .query_async::<()>(&mut connection)
                        .await
                })
                .await
                .map_err(|e| {
                    crate::server::store::StoreError::changes(format_args!(
                        "{}; this process's listeners heard the change, other replicas' did not",
                        e.message()
                    ))
                })
        })
    }

    fn subscribe(&self, listener: ChangeListener) -> FeedSubscription {
        self.local.subscribe(listener)
    }

    fn listeners(&self) -> usize {
        self.local.listeners()
    }

    fn is_shared(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};
    use crate::server::changes::{Change, ListKind};

    #[test]
    fn a_change_reads_back_with_its_origin() {
        for change in [
            Change::ResourceUpdated("weather://paris".into()),
            Change::ListChanged(ListKind::Tools),
            Change::ListChanged(ListKind::Prompts),
            Change::ListChanged(ListKind::Resources),
        ] {
            let message = encode("me", &change);
            assert_eq!(decode(message.as_bytes()), Some(("me".into(), change)));
        }
        assert_eq!(decode(br#"{"origin": "x", "list": "other"}"#), None);
        assert_eq!(decode(b"not json"), None);
    }
}

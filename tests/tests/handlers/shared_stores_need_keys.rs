//! A router whose stores are shared with other processes refuses to build without shared
//! `requestState` keys: a random key per process would make an input round sealed by one
//! replica fail on the next.

use mcp_content::Router;
use mcp_content::changes::{Change, ChangeBus, ChangeFeed, ChangeListener, FeedSubscription};
use mcp_content::handler::RouterError;
use mcp_content::input::{StateKey, StateKeys};
use mcp_content::payload::{MemoryPayloadStore, PayloadStore, StoredPayload};
use mcp_content::store::StoreFuture;
use mcp_content::tasks::{FileTaskStore, MemoryTaskStore};

fn keys() -> StateKeys {
    StateKeys::new(StateKey::new("shared", (0..32u8).collect::<Vec<_>>()).unwrap())
}

fn task_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("mcp-content-shared-{name}-{}", std::process::id()))
}

#[test]
fn a_file_task_store_without_keys_is_refused_naming_the_store() {
    let dir = task_dir("refused");
    let error = Router::builder()
        .task_store(FileTaskStore::new(&dir).unwrap())
        .build()
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        error,
        RouterError::SharedStoreWithoutStateKeys {
            store: "task store".into()
        }
    );
    assert_eq!(
        error.to_string(),
        "the task store is shared with other processes, but no state keys are set: give every \
         replica the same keys (RouterBuilder::state_keys, StateKeys::from_key_file), or an \
         input round sealed by one replica fails on another"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shared_store_with_keys_and_unshared_stores_without_them_build() {
    let dir = task_dir("keys");
    Router::builder()
        .task_store(FileTaskStore::new(&dir).unwrap())
        .state_keys(keys())
        .build()
        .unwrap();
    Router::builder()
        .task_store(MemoryTaskStore::default())
        .payload_store(MemoryPayloadStore::new())
        .change_bus(ChangeFeed::default())
        .build()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The default payload store, said to be shared.
#[derive(Default)]
struct SharedPayloads(MemoryPayloadStore);

impl PayloadStore for SharedPayloads {
    fn put(&self, id: String, payload: StoredPayload) -> StoreFuture<'_, ()> {
        self.0.put(id, payload)
    }

    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredPayload>> {
        self.0.get(id)
    }

    fn is_shared(&self) -> bool {
        true
    }
}

/// The default change bus, said to be shared.
#[derive(Default)]
struct SharedBus(ChangeFeed);

impl ChangeBus for SharedBus {
    fn publish(&self, change: Change) -> StoreFuture<'_, ()> {
        ChangeBus::publish(&self.0, change)
    }

    fn subscribe(&self, listener: ChangeListener) -> FeedSubscription {
        ChangeBus::subscribe(&self.0, listener)
    }

    fn listeners(&self) -> usize {
        ChangeBus::listeners(&self.0)
    }

    fn is_shared(&self) -> bool {
        true
    }
}

#[test]
fn any_shared_store_needs_keys() {
    let payloads = Router::builder()
        .payload_store(SharedPayloads::default())
        .build()
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        payloads,
        RouterError::SharedStoreWithoutStateKeys {
            store: "payload store".into()
        }
    );
    let changes = Router::builder()
        .change_bus(SharedBus::default())
        .build()
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        changes,
        RouterError::SharedStoreWithoutStateKeys {
            store: "change bus".into()
        }
    );
    Router::builder()
        .payload_store(SharedPayloads::default())
        .change_bus(SharedBus::default())
        .state_keys(keys())
        .build()
        .unwrap();
}

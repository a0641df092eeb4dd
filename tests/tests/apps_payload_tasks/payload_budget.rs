//! Payload budgets: which blocks become links, what the link carries, and reading links back
//! into the blocks they replaced, losslessly.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use mcp_content::convert::payload_links::inline_payload_links;
use mcp_content::handler::BoxFuture;
use mcp_content::handler::ToolHandler;
use mcp_content::model::{
    Annotations, AudioContent, BlobResourceContents, EmbeddedResource, ImageContent, Meta,
    MimeType, Role, Tool, ToolName, Uri,
};
use mcp_content::payload::{PayloadStore, StoredPayload};
use mcp_content::store::StoreFuture;
use mcp_content::{CallToolResult, ContentBlock, Context, ProtocolVersion, Router};
use serde_json::{Map, Value, json};

fn mime(s: &str) -> MimeType {
    MimeType::new(s).unwrap()
}

/// Returns a copy of the result it was built with.
struct Fixed {
    result: CallToolResult,
    budget: Option<u64>,
}

impl ToolHandler for Fixed {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("fixed").unwrap())
    }
    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let result = self.result.clone();
        Box::pin(async move { result })
    }
    fn max_inline(&self) -> Option<u64> {
        self.budget
    }
}

fn mixed() -> CallToolResult {
    let mut image = ImageContent::new(vec![1; 100], mime("image/png")).unwrap();
    image.annotations = Some(Annotations {
        audience: Some(vec![Role::User]),
        ..Annotations::default()
    });
    image.meta.insert("com.example/alt", "chart").unwrap();
    let audio = AudioContent::new(vec![2; 100], mime("audio/wav")).unwrap();
    let mut blob = BlobResourceContents::new(Uri::new("file:///data.bin").unwrap(), vec![3; 100]);
    blob.mime_type = Some(mime("application/octet-stream"));
    blob.meta.insert("com.example/inner", 1).unwrap();
    let mut embedded = EmbeddedResource::new(blob);
    embedded.meta.insert("com.example/outer", 2).unwrap();
    CallToolResult::new(vec![
        ContentBlock::text("three blocks"),
        image.into(),
        audio.into(),
        ContentBlock::from(embedded),
        ImageContent::new(vec![4; 10], mime("image/gif"))
            .unwrap()
            .into(),
    ])
}

fn call(router: &Router) -> CallToolResult {
    runtime()
        .block_on(router.call_tool(
            "fixed",
            None,
            Context::new(Meta::new(), ProtocolVersion::LATEST),
        ))
        .unwrap()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

#[test]
fn blocks_over_the_budget_become_links_and_read_back_losslessly() {
    let router = Router::builder()
        .tool(Fixed {
            result: mixed(),
            budget: None,
        })
        .max_inline(50)
        .build()
        .unwrap();
    let result = call(&router);
    let kinds: Vec<&str> = result
        .content
        .iter()
        .map(|b| match b {
            ContentBlock::Text(_) => "text",
            ContentBlock::Image(_) => "image",
            ContentBlock::ResourceLink(_) => "link",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["text", "link", "link", "link", "image"]);
    let link = serde_json::to_value(&result.content[1]).unwrap();
    assert_eq!(link["size"], 100);
    assert_eq!(link["mimeType"], "image/png");
    assert_eq!(link["annotations"], json!({"audience": ["user"]}));
    assert_eq!(link["_meta"]["com.example/alt"], "chart");
    mcp_content_tests::assert_valid("2025-11-25", "ResourceLink", &link);

    let back = runtime()
        .block_on(inline_payload_links(&result, &router))
        .unwrap();
    assert_eq!(back, mixed());
}

#[test]
fn the_tools_own_budget_wins_and_error_results_are_left_alone() {
    let router = Router::builder()
        .tool(Fixed {
            result: mixed(),
            budget: Some(1_000),
        })
        .max_inline(50)
        .build()
        .unwrap();
    assert_eq!(call(&router), mixed());

    let mut failed = mixed();
    failed.is_error = Some(true);
    let router = Router::builder()
        .tool(Fixed {
            result: failed.clone(),
            budget: Some(1),
        })
        .build()
        .unwrap();
    assert_eq!(call(&router), failed);
}

#[test]
fn an_expired_link_is_not_found() {
    let router = Router::builder()
        .tool(Fixed {
            result: mixed(),
            budget: Some(50),
        })
        .payload_ttl(Duration::ZERO)
        .build()
        .unwrap();
    let result = call(&router);
    let ContentBlock::ResourceLink(link) = &result.content[1] else {
        panic!()
    };
    let err = runtime()
        .block_on(router.read_resource(
            link.uri.as_str(),
            Context::new(Meta::new(), ProtocolVersion::LATEST),
        ))
        .unwrap_err();
    assert_eq!(err.code, -32602, "{err:?}");
    let err = runtime()
        .block_on(inline_payload_links(&result, &router))
        .unwrap_err();
    assert_eq!(err.path(), "content[1].uri");
}

#[derive(Clone, Default)]
struct Recording(
    Arc<Mutex<Vec<String>>>,
    Arc<mcp_content::payload::MemoryPayloadStore>,
);

impl PayloadStore for Recording {
    fn put(&self, id: String, payload: StoredPayload) -> StoreFuture<'_, ()> {
        self.0.lock().unwrap().push(id.clone());
        self.1.put(id, payload)
    }
    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredPayload>> {
        self.1.get(id)
    }
}

#[test]
fn a_user_supplied_store_keeps_the_payloads_and_reads_carry_a_cache_hint() {
    let store = Recording::default();
    let router = Router::builder()
        .tool(Fixed {
            result: mixed(),
            budget: Some(50),
        })
        .payload_store(store.clone())
        .build()
        .unwrap();
    let result = call(&router);
    assert_eq!(store.0.lock().unwrap().len(), 3);
    let ContentBlock::ResourceLink(link) = &result.content[2] else {
        panic!()
    };
    let read = runtime()
        .block_on(router.read_resource(
            link.uri.as_str(),
            Context::new(Meta::new(), ProtocolVersion::LATEST),
        ))
        .unwrap();
    let ttl = read.ttl_ms.unwrap().as_u64().unwrap();
    assert!(ttl > 0 && ttl <= 300_000, "{ttl}");
    assert_eq!(
        read.cache_scope,
        Some(mcp_content::model::CacheScope::Private)
    );
}

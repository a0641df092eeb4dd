//! `scopes = [...]` on `#[tool]`, `#[prompt]` and `#[resource]` at run time: `scopes()` is
//! what was written, the router's default stands in for a handler that names none, and
//! `scopes_supported()` is every scope once, sorted. Scopes are metadata for the transport
//! that verifies tokens: they change neither the descriptors nor a call through the router.

use mcp_content::handler::{PromptHandler, ResourceHandler, ToolHandler};
use mcp_content::{Router, prompt, resource, router, tool};
use serde_json::json;

/// Uploads a photo.
#[tool(scopes = ["photos:write", "photos:read"])]
fn upload(name: String) -> String {
    format!("uploaded {name}")
}

/// Lists the photos.
#[tool]
fn list_photos() -> String {
    "none yet".to_owned()
}

/// Deletes a photo (escapes in a scope literal are the characters they stand for).
#[tool(name = "delete", scopes = ["photos\x3adelete", r"admin"])]
fn remove(id: u32) -> String {
    format!("deleted {id}")
}

/// Drafts a reply to a ticket.
#[prompt(scopes = ["https://api.example.com/tickets.read"])]
fn draft(ticket: String) -> String {
    ticket
}

/// Today's audit log.
#[resource(uri = "audit://today", scopes = ["audit:read"])]
fn audit() -> &'static str {
    "nothing happened"
}

/// One audit log per day.
#[resource(uri = "audit://day/{date}", scopes = ["audit:read", "audit:archive"])]
fn audit_day(date: String) -> String {
    date
}

#[test]
fn scopes_are_what_the_attribute_says_in_order() {
    assert_eq!(upload {}.scopes(), ["photos:write", "photos:read"]);
    assert_eq!(remove {}.scopes(), ["photos:delete", "admin"]);
    assert_eq!(draft {}.scopes(), ["https://api.example.com/tickets.read"]);
    assert_eq!(audit {}.scopes(), ["audit:read"]);
    assert_eq!(audit_day {}.scopes(), ["audit:read", "audit:archive"]);
    // Without `scopes`, the trait's default: none of its own.
    assert!(list_photos {}.scopes().is_empty());
}

#[test]
fn router_default_applies_only_to_a_tool_without_scopes() {
    let router = Router::builder()
        .tool(upload {})
        .tool(list_photos {})
        .tool(remove {})
        .default_scopes(["photos:list"])
        .build()
        .unwrap();
    assert_eq!(router.tool_scopes("list_photos").unwrap(), ["photos:list"]);
    // A tool's own scopes replace the default; they are not added to it.
    assert_eq!(
        router.tool_scopes("upload").unwrap(),
        ["photos:write", "photos:read"]
    );
    // By the tool's name, not the function's.
    assert_eq!(
        router.tool_scopes("delete").unwrap(),
        ["photos:delete", "admin"]
    );
    assert_eq!(router.tool_scopes("remove"), None);
    assert_eq!(router.tool_scopes("nope"), None);

    // Without a default, a tool without scopes needs none.
    let router = Router::builder().tool(list_photos {}).build().unwrap();
    assert_eq!(
        router.tool_scopes("list_photos").unwrap(),
        Vec::<String>::new()
    );
}

#[test]
fn scopes_supported_is_the_sorted_union_with_the_default() {
    let router = router! {
        tools: [upload, list_photos, remove],
        prompts: [draft],
        resources: [audit, audit_day],
    }
    .default_scopes(["photos:read", "basic"])
    .build()
    .unwrap();
    assert_eq!(
        router.scopes_supported(),
        [
            "admin",
            "audit:archive",
            "audit:read",
            "basic",
            "https://api.example.com/tickets.read",
            "photos:delete",
            "photos:read",
            "photos:write",
        ]
    );
    let empty = Router::builder().tool(list_photos {}).build().unwrap();
    assert!(empty.scopes_supported().is_empty());
}

#[tokio::test]
async fn scopes_change_neither_the_descriptor_nor_a_call_without_a_verifier() {
    let router = Router::builder()
        .tool(upload {})
        .default_scopes(["other"])
        .build()
        .unwrap();
    let listed = serde_json::to_value(router.find_tool("upload").unwrap()).unwrap();
    assert!(!listed.to_string().contains("photos:"), "{listed}");
    assert_eq!(listed["name"], "upload");
    // The router itself does not check tokens: the transport that verifies them does.
    let result = router
        .call_tool_json("upload", json!({"name": "cat.png"}))
        .await
        .unwrap();
    assert_eq!(result.content[0].as_text(), Some("uploaded cat.png"));
}

/// A tool written by hand whose `scopes()` no token could carry.
struct Unscoped;

impl ToolHandler for Unscoped {
    fn tool(&self) -> mcp_content::model::Tool {
        upload {}.tool()
    }
    fn call(
        &self,
        _arguments: serde_json::Map<String, serde_json::Value>,
        _context: mcp_content::Context,
    ) -> mcp_content::handler::BoxFuture<'_, mcp_content::CallToolResult> {
        Box::pin(async { mcp_content::CallToolResult::text("never") })
    }
    fn scopes(&self) -> &[&str] {
        &["photos write"]
    }
}

#[test]
fn a_scope_outside_the_scope_token_grammar_is_refused_when_the_router_is_built() {
    let error = Router::builder()
        .tool(list_photos {})
        .default_scopes(["photos read"])
        .build()
        .unwrap_err();
    let message = error.to_string();
    assert!(message.starts_with("default_scopes: "), "{message}");
    assert!(message.contains("' ' at position 6"), "{message}");
    let error = Router::builder().tool(Unscoped).build().unwrap_err();
    let message = error.to_string();
    assert!(message.starts_with("tool `upload`: "), "{message}");
    assert!(message.contains("scope-token"), "{message}");
    let empty: [&str; 1] = [""];
    assert!(Router::builder().default_scopes(empty).build().is_err());
}

#![deny(warnings)] // the macros give the user no warning
// `scopes` on each handler attribute: `scopes()` returns what was written, in order, and the
// router lists every scope once, sorted, with its default for handlers that name none.
use mcp_content::handler::{PromptHandler, ResourceHandler, ToolHandler};
use mcp_content::{prompt, resource, router, tool};

/// Uploads a photo.
#[tool(scopes = ["photos:write", "photos:read"])]
fn upload(name: String) -> String {
    name
}

/// Needs the router's default.
#[tool]
fn list_photos() -> String {
    String::new()
}

/// Drafts a reply.
#[prompt(scopes = ["https://api.example.com/tickets.read"], title = "Reply")]
fn draft(ticket: String) -> String {
    ticket
}

/// The audit log.
#[resource(uri = "audit://today", scopes = ["audit:read", "!#$%&'()*+,-./[]^_`{|}~"])]
fn audit() -> &'static str {
    ""
}

/// One audit log per day.
#[resource(uri = "audit://day/{date}", scopes = ["audit:read",])]
fn audit_day(date: String) -> String {
    date
}

fn main() {
    assert_eq!(upload {}.scopes(), ["photos:write", "photos:read"]);
    assert!(list_photos {}.scopes().is_empty());
    assert_eq!(draft {}.scopes(), ["https://api.example.com/tickets.read"]);
    assert_eq!(audit {}.scopes(), ["audit:read", "!#$%&'()*+,-./[]^_`{|}~"]);
    assert_eq!(audit_day {}.scopes(), ["audit:read"]);

    let router = router! {
        tools: [upload, list_photos],
        prompts: [draft],
        resources: [audit, audit_day],
    }
    .build()
    .unwrap();
    assert_eq!(
        router.scopes_supported(),
        [
            "!#$%&'()*+,-./[]^_`{|}~",
            "audit:read",
            "https://api.example.com/tickets.read",
            "photos:read",
            "photos:write",
        ]
    );
    assert!(router.tool_scopes("list_photos").unwrap().is_empty());

    let router = mcp_content::Router::builder()
        .tool(upload {})
        .tool(list_photos {})
        .default_scopes(["photos:list"])
        .build()
        .unwrap();
    assert_eq!(router.tool_scopes("list_photos").unwrap(), ["photos:list"]);
    assert_eq!(
        router.tool_scopes("upload").unwrap(),
        ["photos:write", "photos:read"]
    );
    assert_eq!(
        router.scopes_supported(),
        ["photos:list", "photos:read", "photos:write"]
    );
}

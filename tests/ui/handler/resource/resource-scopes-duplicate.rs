// A scope listed twice is refused on a resource.
use mcp_content::resource;

/// Does it.
#[resource(uri = "audit://today", scopes = ["audit:read", "audit:read"])]
fn act() -> String {
    String::new()
}

fn main() {}

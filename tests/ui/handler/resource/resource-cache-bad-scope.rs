use mcp_content::resource;

/// A note.
#[resource(uri = "memo://note", cache(ttl = "5m", scope = "shared"))]
fn note() -> &'static str {
    "hi"
}

fn main() {}

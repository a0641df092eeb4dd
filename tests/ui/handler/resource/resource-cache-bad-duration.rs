use mcp_content::resource;

/// A note.
#[resource(uri = "memo://note", cache(ttl = "5 minutes"))]
fn note() -> &'static str {
    "hi"
}

fn main() {}

use mcp_content::resource;

/// A note.
#[resource(uri = "memo://note", cache(tll = "5m"))]
fn note() -> &'static str {
    "hi"
}

fn main() {}

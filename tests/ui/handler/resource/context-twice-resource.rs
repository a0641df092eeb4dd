use mcp_content::{resource, Context};

/// Reads twice.
#[resource(uri = "memo://{name}", mime = "text/plain")]
fn memo(name: String, a: &Context, b: &Context) -> String {
    let _ = (a, b);
    name
}

fn main() {}

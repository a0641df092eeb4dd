// `cache(scope = …)` takes a string literal.
use mcp_content::resource;
/// A file.
#[resource(uri = "file:///a", cache(ttl = "5m", scope = true))]
fn file() -> String { String::new() }
fn main() {}

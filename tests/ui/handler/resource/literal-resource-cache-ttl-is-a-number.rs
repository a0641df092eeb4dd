// `cache(ttl = …)` takes a duration string, not a number of seconds.
use mcp_content::resource;
/// A file.
#[resource(uri = "file:///a", cache(ttl = 5))]
fn file() -> String { String::new() }
fn main() {}

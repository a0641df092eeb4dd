use mcp_content::resource;

/// A file.
#[resource(uri = "files://a", mime = "text/plain", mime = "text/html")]
fn file() -> String {
    String::new()
}

fn main() {}

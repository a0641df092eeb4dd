// A scope is a literal: attribute values are read when the macro runs.
use mcp_content::tool;

/// Does it.
#[tool(scopes = [PHOTOS_READ])]
fn act() -> String {
    String::new()
}

const PHOTOS_READ: &str = "photos:read";

fn main() {
    let _ = PHOTOS_READ;
}

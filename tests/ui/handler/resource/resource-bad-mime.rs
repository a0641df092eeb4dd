use mcp_content::resource;

/// Items.
#[resource(uri = "test://items", mime = "json")]
fn item() -> String {
    String::new()
}

fn main() {}

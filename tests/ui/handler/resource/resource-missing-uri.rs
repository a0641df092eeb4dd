use mcp_content::resource;

/// Items.
#[resource(name = "items")]
fn item() -> String {
    String::new()
}

fn main() {}

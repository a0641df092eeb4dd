use mcp_content::resource;

/// Logs.
#[resource]
fn logs() -> String {
    String::new()
}

fn main() {}

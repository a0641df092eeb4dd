use mcp_content::tool;

/// Pings.
///
/// # Arguments
/// * `host` - where
#[tool]
fn ping() -> String {
    String::new()
}

fn main() {}

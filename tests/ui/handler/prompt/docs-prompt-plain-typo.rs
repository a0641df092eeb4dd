use mcp_content::prompt;

/// Writes a haiku.
///
/// # Arguments
/// - topc: what about
#[prompt]
fn haiku(topic: String) -> String {
    topic
}

fn main() {}

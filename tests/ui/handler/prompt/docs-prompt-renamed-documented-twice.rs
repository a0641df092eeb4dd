use mcp_content::prompt;

/// Asks.
///
/// # Arguments
/// - `topic`: the topic
/// - `subject`: the topic again
#[prompt]
fn ask(#[arg(name = "topic")] subject: String) -> String {
    subject
}

fn main() {}

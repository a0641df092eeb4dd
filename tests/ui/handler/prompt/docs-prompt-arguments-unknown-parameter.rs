use mcp_content::prompt;

/// Writes a haiku.
///
/// # Arguments
/// * `topic` - what about
/// * `moood` - the mood
#[prompt]
fn haiku(topic: String, mood: Option<String>) -> String {
    format!("{topic} {mood:?}")
}

fn main() {}

use mcp_content::prompt;

/// Greets.
///
/// # Arguments:
///
/// * `nmae` - Who to greet.
#[prompt]
fn greet(name: String) -> String {
    name
}

fn main() {}

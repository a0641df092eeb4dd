use mcp_content::prompt;

struct Mood;

/// Asks.
#[prompt]
fn ask(mood: Option<Mood>) -> String {
    let _ = mood;
    String::new()
}

fn main() {}

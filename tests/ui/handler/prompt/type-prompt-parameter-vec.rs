use mcp_content::prompt;

/// Asks.
#[prompt]
fn ask(topics: Vec<String>) -> String {
    topics.join(",")
}

fn main() {}

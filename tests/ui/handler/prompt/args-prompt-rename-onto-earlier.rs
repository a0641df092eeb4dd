use mcp_content::prompt;

/// Asks.
#[prompt]
fn ask(topic: String, #[arg(name = "topic")] subject: Option<String>) -> String {
    format!("{topic} {subject:?}")
}

fn main() {}

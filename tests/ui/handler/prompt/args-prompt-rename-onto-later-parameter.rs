use mcp_content::prompt;

/// Summarises a topic.
#[prompt]
fn summarise(#[arg(name = "topic")] subject: String, topic: Option<String>) -> String {
    format!("{subject} {topic:?}")
}

fn main() {}

use mcp_content::{prompt, Context};

/// Asks twice.
#[prompt]
fn ask(context: Context, topic: String, other: &mcp_content::Context) -> String {
    let _ = (context, other);
    topic
}

fn main() {}

use mcp_content::prompt;

/// Greets someone.
#[prompt]
fn greet(name: String, #[arg(name = "name")] nickname: Option<String>) -> String {
    format!("{name} {nickname:?}")
}

fn main() {}

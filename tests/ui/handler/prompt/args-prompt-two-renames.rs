use mcp_content::prompt;

/// Reviews code.
#[prompt]
fn review(#[arg(name = "code")] source: String, #[arg(name = "code")] text: Option<String>) -> String {
    format!("{source} {text:?}")
}

fn main() {}

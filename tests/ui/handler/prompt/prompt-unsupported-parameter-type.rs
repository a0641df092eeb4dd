use mcp_content::prompt;

struct Language;

/// Reviews code.
#[prompt]
fn review(language: Language) -> String {
    let _ = language;
    String::new()
}

fn main() {}

use mcp_content::prompt;

struct Language;

/// Reviews code.
#[prompt]
fn review(languages: Vec<Language>) -> String {
    let _ = languages;
    String::new()
}

fn main() {}

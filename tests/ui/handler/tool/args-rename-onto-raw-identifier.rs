use mcp_content::tool;

/// Matches.
#[tool]
fn find(#[arg(name = "match")] pattern: String, r#match: Option<String>) -> String {
    format!("{pattern} {:?}", r#match)
}

fn main() {}

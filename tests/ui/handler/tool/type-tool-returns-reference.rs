use mcp_content::tool;

/// Counts.
#[tool]
fn count() -> &'static String {
    static COUNT: String = String::new();
    &COUNT
}

fn main() {}

use mcp_content::tool;

/// Echoes.
#[tool]
fn echo<T: ToString>(value: String) -> String {
    value
}

fn main() {}

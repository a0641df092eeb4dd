use mcp_content::tool;

/// Counts: there are no default values, an `Option` parameter may be left out.
#[tool]
fn count(#[arg(default = 3)] n: u8) -> String {
    n.to_string()
}

fn main() {}

use mcp_content::tool;

/// Says hi.
#[tool]
fn hi(#[arg = "who"] name: String) -> String {
    name
}

fn main() {}

use mcp_content::tool;

/// Says hi.
#[tool]
const HI: &str = "hi";

fn main() {}

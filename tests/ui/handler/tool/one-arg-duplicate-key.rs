use mcp_content::tool;

/// Says hi.
#[tool]
fn hi(#[arg(name = "who", name = "whom")] name: String) -> String {
    name
}

fn main() {}

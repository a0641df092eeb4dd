use mcp_content::tool;

/// `#[context]` on an argument: one error at its type.
#[tool]
fn hi(#[context] name: String) -> String {
    name
}

fn main() {}

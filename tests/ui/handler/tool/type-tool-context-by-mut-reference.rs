use mcp_content::{tool, Context};

/// Says hi.
#[tool]
fn hi(name: String, context: &mut Context) -> String {
    let _ = context;
    name
}

fn main() {}

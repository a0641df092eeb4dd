use mcp_content::{tool, Context};

/// Says hi.
#[tool]
fn hi(name: String, #[arg(name = "ctx")] context: &Context) -> String {
    let _ = context;
    name
}

fn main() {}

use mcp_content::{tool, Context};

/// Says hi.
#[tool]
fn hi(name: String, #[arg(description = "the request")] context: Context) -> String {
    let _ = context;
    name
}

fn main() {}

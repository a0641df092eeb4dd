use mcp_content::{tool, Context};

type Ctx = Context;

/// `#[arg]` on a parameter marked `#[context]`: it is no argument.
#[tool]
fn hi(#[context] #[arg(name = "ctx")] context: Ctx) -> String {
    let _ = context;
    String::new()
}

fn main() {}

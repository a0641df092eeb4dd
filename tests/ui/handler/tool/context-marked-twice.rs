use mcp_content::{tool, Context};

type Ctx = Context;

/// `#[context]` twice on one parameter.
#[tool]
fn hi(#[context] #[context] context: Ctx) -> String {
    let _ = context;
    String::new()
}

fn main() {}

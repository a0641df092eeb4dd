use mcp_content::{tool, Context};

type Ctx = Context;

/// `#[context(…)]` takes nothing.
#[tool]
fn hi(#[context(by_ref)] context: Ctx) -> String {
    let _ = context;
    String::new()
}

fn main() {}

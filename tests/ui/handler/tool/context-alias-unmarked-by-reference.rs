use mcp_content::{tool, Context};

type Ctx = Context;

/// `&Ctx` without `#[context]`: one error at the type, saying to mark it.
#[tool]
fn hi(context: &Ctx) -> String {
    let _ = context;
    String::new()
}

fn main() {}

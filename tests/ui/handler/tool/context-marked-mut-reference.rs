use mcp_content::{tool, Context};

type Ctx = Context;

/// `&mut` of the context: one error at the type.
#[tool]
fn hi(#[context] context: &mut Ctx) -> String {
    let _ = context;
    String::new()
}

fn main() {}

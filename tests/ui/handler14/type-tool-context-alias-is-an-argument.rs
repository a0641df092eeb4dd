use mcp_content::{tool, Context};

type Ctx = Context;

/// Says hi: an alias of `Context` is not recognised, it is read as an argument.
#[tool]
fn hi(context: Ctx) -> String {
    let _ = context;
    String::new()
}

fn main() {}

use mcp_content::{tool, Context};

type Ctx = Context;

/// Says hi: an alias of `Context` without `#[context]` is one error, saying to mark it.
#[tool]
fn hi(context: Ctx) -> String {
    let _ = context;
    String::new()
}

fn main() {}

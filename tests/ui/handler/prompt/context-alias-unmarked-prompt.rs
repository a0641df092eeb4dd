use mcp_content::{prompt, Context};

type Ctx = Context;

/// Greets: an alias of `Context` without `#[context]` is one error, saying to mark it.
#[prompt]
fn greet(name: String, context: Ctx) -> String {
    let _ = context;
    name
}

fn main() {}

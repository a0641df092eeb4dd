use mcp_content::{resource, Context};

type Ctx = Context;

/// A note: an alias of `Context` without `#[context]` is one error (not a missing variable).
#[resource(uri = "notes://{id}")]
fn note(id: u32, context: Ctx) -> String {
    let _ = context;
    id.to_string()
}

fn main() {}

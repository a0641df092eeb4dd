use mcp_content::{tool, Context};

type Ctx = Context;

/// The context by its name and again through a marked alias.
#[tool]
fn twice(context: Context, #[context] again: &Ctx) -> String {
    let _ = (context, again);
    String::new()
}

fn main() {}

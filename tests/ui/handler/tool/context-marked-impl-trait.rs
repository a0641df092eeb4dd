use mcp_content::tool;

/// `#[context]` on an `impl Trait` parameter: one error at the type.
#[tool]
fn hi(#[context] context: impl Clone) -> String {
    let _ = context;
    String::new()
}

fn main() {}

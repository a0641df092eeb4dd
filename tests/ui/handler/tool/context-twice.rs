use mcp_content::{tool, Context};

/// The request's context taken twice: one error, at the second.
#[tool]
fn twice(first: &Context, second: Context, city: String) -> String {
    let _ = (first, second);
    city
}

fn main() {}

use mcp_content::{tool, Context};

/// Says hi.
///
/// # Arguments
/// * `contxt` - the request
#[tool]
fn hi(context: &Context) -> String {
    let _ = context;
    String::new()
}

fn main() {}

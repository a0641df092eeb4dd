use mcp_content::tool;

/// Resizes.
///
/// # Arguments
/// * widht - the new width
#[tool]
fn resize(width: u32) -> String {
    width.to_string()
}

fn main() {}

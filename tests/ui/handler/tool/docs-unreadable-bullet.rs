use mcp_content::tool;

/// Resizes.
///
/// # Arguments
/// * the new width, in pixels
#[tool]
fn resize(width: u32) -> String {
    width.to_string()
}

fn main() {}

use mcp_content::tool;

/// Resizes an image.
///
/// # Arguments
///
/// - `widht`: the new width
/// - `height`: the new height
#[tool]
fn resize(width: u32, height: u32) -> String {
    format!("{width}x{height}")
}

fn main() {}

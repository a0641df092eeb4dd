use mcp_content::tool;

/// Resizes.
///
/// ## Arguments
///
/// * `heigth` - the new height
#[tool]
fn resize(height: u32) -> String {
    height.to_string()
}

fn main() {}

use mcp_content::tool;

/// Filters.
///
/// # Arguments
/// * `r#tpye` - the kind
#[tool]
fn filter(r#type: String) -> String {
    r#type
}

fn main() {}

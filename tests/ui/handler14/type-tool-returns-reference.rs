use mcp_content::tool;

/// Counts.
#[tool]
fn count() -> &'static String {
    unimplemented!()
}

fn main() {}

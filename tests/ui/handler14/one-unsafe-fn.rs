use mcp_content::tool;

/// Unsafe.
#[tool]
unsafe fn danger() -> String {
    String::new()
}

fn main() {}

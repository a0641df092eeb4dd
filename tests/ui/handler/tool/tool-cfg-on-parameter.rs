use mcp_content::tool;

/// A parameter configured away would still be read and passed: one error at the `#[cfg]`.
#[tool]
fn hi(#[cfg(any())] verbose: bool, name: String) -> String {
    name
}

fn main() {}

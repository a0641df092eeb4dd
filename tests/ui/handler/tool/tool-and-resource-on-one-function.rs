use mcp_content::{resource, tool};

/// Both: one error at the second attribute, and no "unused import" for it.
#[tool]
#[resource(uri = "file:///both.txt")]
fn both() -> String {
    String::new()
}

fn main() {}

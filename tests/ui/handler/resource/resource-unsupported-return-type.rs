use mcp_content::resource;

/// A number.
#[resource(uri = "test://number")]
fn number() -> i32 {
    42
}

fn main() {}

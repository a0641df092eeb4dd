use mcp_content::resource;

/// A number.
#[resource(uri = "numbers://one")]
fn one() -> i32 {
    1
}

fn main() {}

use mcp_content::resource;

/// Nothing.
#[resource(uri = "numbers://none")]
fn none() {}

fn main() {}

// A list of something that is no resource contents: one error at the return type.
use mcp_content::resource;

/// Pages.
#[resource(uri = "page://all")]
fn pages() -> Vec<String> {
    Vec::new()
}

fn main() {}

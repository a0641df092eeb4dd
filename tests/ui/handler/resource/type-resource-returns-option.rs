use mcp_content::resource;

/// Maybe.
#[resource(uri = "numbers://maybe")]
fn maybe() -> Option<String> {
    None
}

fn main() {}

// `scopes` takes a list on a resource template too.
use mcp_content::resource;

/// Does it.
#[resource(uri = "audit://{date}", scopes = "audit:read")]
fn act(date: String) -> String {
    date
}

fn main() {}

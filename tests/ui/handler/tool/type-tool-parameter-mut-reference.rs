use mcp_content::tool;

/// Weather.
#[tool]
fn weather(city: &mut String) -> String {
    city.clone()
}

fn main() {}

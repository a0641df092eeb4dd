use mcp_content::tool;

/// Weather.
#[tool]
fn weather(city: impl Into<String>) -> String {
    city.into()
}

fn main() {}

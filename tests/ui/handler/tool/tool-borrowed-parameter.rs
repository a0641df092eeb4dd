use mcp_content::tool;

/// Gets the weather.
#[tool]
fn weather(city: &str) -> String {
    city.to_owned()
}

fn main() {}

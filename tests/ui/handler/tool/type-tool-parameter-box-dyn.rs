use mcp_content::tool;

/// Weather.
#[tool]
fn weather(city: Box<dyn std::fmt::Display>) -> String {
    city.to_string()
}

fn main() {}

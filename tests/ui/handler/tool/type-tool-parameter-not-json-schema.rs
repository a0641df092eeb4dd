use mcp_content::tool;

#[derive(serde::Deserialize)]
struct City {
    name: String,
}

/// Weather.
#[tool]
fn weather(city: City) -> String {
    city.name
}

fn main() {}

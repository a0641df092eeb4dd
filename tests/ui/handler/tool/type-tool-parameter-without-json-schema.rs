use mcp_content::tool;

#[derive(serde::Deserialize)]
struct City {
    name: String,
}

/// Gets the weather.
#[tool]
fn weather(city: City) -> String {
    city.name
}

fn main() {}

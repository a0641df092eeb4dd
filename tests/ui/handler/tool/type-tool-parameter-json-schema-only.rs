use mcp_content::tool;

#[derive(schemars::JsonSchema)]
struct City {
    name: String,
}

/// Gets the weather.
#[tool]
fn weather(city: City) -> String {
    city.name
}

fn main() {}

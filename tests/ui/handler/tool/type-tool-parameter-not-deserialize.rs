use mcp_content::tool;

#[derive(schemars::JsonSchema)]
struct City {
    name: String,
}

/// Weather.
#[tool]
fn weather(city: City) -> String {
    city.name
}

fn main() {}

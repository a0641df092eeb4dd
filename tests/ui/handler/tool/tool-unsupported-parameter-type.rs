use mcp_content::tool;

struct City;

/// Gets the weather.
#[tool]
fn weather(city: City) -> String {
    let _ = city;
    String::new()
}

fn main() {}

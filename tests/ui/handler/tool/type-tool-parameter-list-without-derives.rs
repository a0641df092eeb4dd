use mcp_content::tool;

struct City;

/// Gets the weather.
#[tool]
fn weather(cities: Vec<City>) -> String {
    let _ = cities;
    String::new()
}

fn main() {}

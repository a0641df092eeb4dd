use mcp_content::tool;

struct City;

/// Gets the weather.
#[tool]
async fn weather(city: City) -> String {
    let _ = city;
    String::new()
}

fn main() {}

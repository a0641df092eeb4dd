use mcp_content::tool;

struct City;

/// Weather.
#[tool]
fn weather(city: Option<City>) -> String {
    let _ = city;
    String::new()
}

fn main() {}

use mcp_content::tool;

struct Weather;

/// Gets the weather.
#[tool]
fn weather() -> Weather {
    Weather
}

fn main() {}

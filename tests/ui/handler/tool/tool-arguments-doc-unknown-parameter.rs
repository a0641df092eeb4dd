use mcp_content::tool;

/// Forecast for a city.
///
/// # Arguments
/// * `cty` - the city
/// * `days` - how many days
#[tool]
fn forecast(city: String, days: u8) -> String {
    format!("{city} {days}")
}

fn main() {}

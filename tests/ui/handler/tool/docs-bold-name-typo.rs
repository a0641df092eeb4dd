use mcp_content::tool;

/// Looks up the weather.
///
/// # Arguments
///
/// * **city** - The city.
/// * **dyas** - How many days.
#[tool]
fn weather(city: String, days: u8) -> String {
    format!("{city} {days}")
}

fn main() {}

use mcp_content::tool;

struct Reading(f64);

/// Reads a sensor.
#[tool]
async fn sensor() -> Result<Reading, String> {
    Ok(Reading(1.0))
}

fn main() {}

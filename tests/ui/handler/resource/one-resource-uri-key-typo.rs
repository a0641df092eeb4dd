use mcp_content::resource;

/// A day.
#[resource(url = "days://{day}")]
fn day(day: String) -> String {
    day
}

fn main() {}

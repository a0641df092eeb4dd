use mcp_content::resource;

/// A day.
#[resource(uri = "days://{day}", uri = "days://{day}/x")]
fn day(day: String) -> String {
    day
}

fn main() {}

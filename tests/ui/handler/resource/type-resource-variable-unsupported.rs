use mcp_content::resource;

struct Day;

/// A day.
#[resource(uri = "days://{day}")]
fn day(day: Day) -> String {
    let _ = day;
    String::new()
}

fn main() {}

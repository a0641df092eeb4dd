use mcp_content::{resource, router};

/// A day.
#[resource(uri = "days://{day}", mime = "text")]
fn day(day: String) -> String {
    day
}

fn main() {
    let _ = router! { resources: [day] };
}

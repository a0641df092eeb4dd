// `logs://{day}` and `logs://{date}`: one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "logs://{day}")]
fn first(day: String) -> String {
    day
}

/// A resource.
#[resource(uri = "logs://{date}")]
fn second(date: String) -> String {
    date
}

fn main() {
    let _ = router! { resources: [first, second] };
}

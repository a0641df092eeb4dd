use mcp_content::{resource, router};

/// Logs.
#[resource(uri = "logs://{day")]
fn logs(day: String) -> String {
    day
}

/// Other logs.
#[resource(uri = "logs://{day}/x")]
fn other(day: String) -> String {
    day
}

fn main() {
    let _ = router! { resources: [logs, other] }.build();
}

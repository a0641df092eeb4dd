use mcp_content::{resource, router};

/// A day's logs.
#[resource(uri = "logs://{day")]
fn logs(day: String) -> String {
    day
}

fn main() {
    let _ = router! { resources: [logs] };
}

use mcp_content::{resource, router};

/// Logs of a day.
#[resource(uri = "logs://{day}")]
fn day_logs(day: String) -> String {
    day
}

/// Logs of a date: the same URIs as `day_logs`.
#[resource(uri = "logs://{date}")]
fn date_logs(date: String) -> String {
    date
}

fn main() {
    let _ = router! { resources: [day_logs, date_logs] };
}

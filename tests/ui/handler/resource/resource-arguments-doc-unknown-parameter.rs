use mcp_content::resource;

/// A day's log.
///
/// # Arguments
/// * `date` - the day
#[resource(uri = "logs://{day}")]
fn log(day: String) -> String {
    day
}

fn main() {}

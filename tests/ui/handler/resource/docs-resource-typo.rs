use mcp_content::resource;

/// A day's logs.
///
/// # Arguments
/// * `dya` - the day
#[resource(uri = "logs://{day}")]
fn logs(day: String) -> String {
    day
}

fn main() {}

use mcp_content::resource;

/// A day's logs.
#[resource(uri = "logs://{dya}")]
fn logs(day: String) -> String {
    day
}

fn main() {}

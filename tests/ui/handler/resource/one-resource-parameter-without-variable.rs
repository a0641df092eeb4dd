use mcp_content::resource;

/// Logs.
#[resource(uri = "logs://today")]
fn logs(day: String) -> String {
    day
}

fn main() {}

use mcp_content::resource;

/// A day's logs.
#[resource(uri = "logs://{day")]
fn logs(day: String) -> String {
    day
}

fn main() {
    let _ = logs::URI;
    let _ = logs("x".to_owned());
}

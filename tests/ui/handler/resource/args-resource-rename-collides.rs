use mcp_content::resource;

/// A day's logs.
#[resource(uri = "logs://{day}")]
fn logs(day: String, #[arg(name = "day")] date: String) -> String {
    format!("{day} {date}")
}

fn main() {}

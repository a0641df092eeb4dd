use mcp_content::resource;

/// Logs.
#[resource(uri = "logs://{yaer}/{mnoth}")]
fn logs(year: u16, month: u8) -> String {
    format!("{year}-{month}")
}

fn main() {}

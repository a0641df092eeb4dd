use mcp_content::prompt;

#[derive(Debug)]
struct Failure;

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("failure")
    }
}

/// Asks.
#[prompt]
fn ask() -> Result<String, Failure> {
    Err(Failure)
}

fn main() {}

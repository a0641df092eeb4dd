use mcp_content::resource;

/// Fails.
#[resource(uri = "numbers://fail")]
fn fail() -> Result<String, std::io::Error> {
    Ok(String::new())
}

fn main() {}

use mcp_content::resource;

/// Lines.
#[resource(uri = "lines://all")]
fn lines() -> Vec<String> {
    Vec::new()
}

fn main() {}

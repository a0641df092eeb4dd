use mcp_content::resource;

/// A kind.
#[resource(uri = "kinds://{type}")]
fn kind(r#type: String, #[arg(name = "type")] other: String) -> String {
    format!("{} {other}", r#type)
}

fn main() {}

use mcp_content::resource;

/// A variable named like a keyword, with no parameter: the error proposes `r#type`.
#[resource(uri = "kinds://{type}")]
fn kind() -> String {
    String::new()
}

fn main() {}

use mcp_content::tool;

/// Weather: an unsized parameter is the compiler's error, not a second one of the macro's.
#[tool]
fn weather(city: Box<str>, code: [u8]) -> String {
    city.to_string()
}

fn main() {}

use mcp_content::tool;

/// Gets the weather.
#[tool]
fn weather(#[arg(desc = "The city.")] city: String) -> String {
    city
}

fn main() {}

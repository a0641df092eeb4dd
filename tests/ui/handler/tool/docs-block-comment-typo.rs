use mcp_content::tool;

/**
 * Greets.
 *
 * # Arguments
 *
 * * `nmae` - Who to greet.
 */
#[tool]
fn greet(name: String) -> String {
    name
}

fn main() {}

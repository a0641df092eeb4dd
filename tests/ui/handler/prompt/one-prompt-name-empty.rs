use mcp_content::prompt;

/// Says hi.
#[prompt(name = "")]
fn hi() -> String {
    String::new()
}

fn main() {}

use mcp_content::prompt;

/// Says hi.
#[prompt(uri = "x://y")]
fn hi() -> String {
    String::new()
}

fn main() {}

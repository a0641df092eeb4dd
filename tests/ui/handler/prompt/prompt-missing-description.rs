use mcp_content::prompt;

#[prompt]
fn review() -> String {
    String::new()
}

fn main() {}

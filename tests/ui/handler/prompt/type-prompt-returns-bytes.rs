// Bytes returned from a prompt (a message is text or blocks): one error at the return type.
use mcp_content::prompt;

/// Raw.
#[prompt]
fn raw() -> Vec<u8> {
    Vec::new()
}

fn main() {}

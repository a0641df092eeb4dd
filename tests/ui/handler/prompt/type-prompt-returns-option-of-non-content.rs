// An `Option` returned from a prompt (a prompt has no empty result): one error at the
// return type, in the prompt's words.
use mcp_content::prompt;

/// Maybe replies.
#[prompt]
fn reply() -> Option<String> {
    None
}

fn main() {}

// A struct without `#[derive(Content)]` returned from a prompt: one error at the return
// type, naming what a prompt returns (never the internal `IntoContent`).
use mcp_content::prompt;

struct Reply {
    _text: String,
}

/// Replies.
#[prompt]
fn reply() -> Reply {
    Reply { _text: String::new() }
}

fn main() {}

use mcp_content::prompt;

/// `#[cfg_attr]` on a prompt parameter: one error at it.
#[prompt]
fn greet(#[cfg_attr(all(), allow(unused))] name: String) -> String {
    name
}

fn main() {}

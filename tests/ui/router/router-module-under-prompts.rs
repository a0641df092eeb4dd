// A module under `prompts`: one error at `prompts_mod`.

use mcp_content::{router};

/// Not a handler.
mod prompts_mod {}

fn main() {
    let _ = router! { prompts: [prompts_mod] };
}

// A struct (no handler) under `tools`: one error at `Config`.

use mcp_content::{router};

/// Not a handler.
#[derive(Default)]
struct Config {
    _verbose: bool,
}

fn main() {
    let _ = router! { tools: [Config] };
}

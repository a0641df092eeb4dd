// An enum (no handler) under `resources`: one error at `Mode`.

use mcp_content::{router};

/// Not a handler.
enum Mode {
    _Fast,
}

fn main() {
    let _ = router! { resources: [Mode] };
}

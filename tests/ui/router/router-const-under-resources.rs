// A constant under `resources`: one error at `README`.

use mcp_content::{router};

/// Not a handler.
const README: &str = "docs://readme";

fn main() {
    let _ = README;
    let _ = router! { resources: [README] };
}

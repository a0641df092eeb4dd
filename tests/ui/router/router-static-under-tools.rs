// A static under `tools`: one error at `LIMIT`.

use mcp_content::router;

/// Not a handler.
static LIMIT: u32 = 3;

fn main() {
    let _ = LIMIT;
    let _ = router! { tools: [LIMIT] };
}

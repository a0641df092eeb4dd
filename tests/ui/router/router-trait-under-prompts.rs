// A trait under `prompts`: one error at `Greeter`.

use mcp_content::router;

/// Not a handler.
trait Greeter {}

fn main() {
    let _ = router! { prompts: [Greeter] };
}

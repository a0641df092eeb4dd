// A handler attribute inside an `impl` block: one error at the function, asking to move it out.
use mcp_content::tool;

struct Tools;

impl Tools {
    /// Pings.
    #[tool]
    fn ping(&self) -> String {
        String::new()
    }
}

fn main() {}

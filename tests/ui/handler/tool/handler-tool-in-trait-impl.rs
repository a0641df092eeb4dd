// A handler attribute inside an `impl` block: one error at the function, asking to move it out.
use mcp_content::tool;

trait Ping {
    fn ping(host: String) -> String;
}

struct Tools;

impl Ping for Tools {
    /// Pings.
    #[tool]
    fn ping(#[arg(description = "The host.")] host: String) -> String {
        host
    }
}

fn main() {}

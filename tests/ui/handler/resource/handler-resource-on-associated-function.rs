// A handler attribute inside an `impl` block: one error at the function, asking to move it out.
use mcp_content::resource;

struct Handlers;

impl Handlers {
    /// Does it.
    #[resource(uri = "file:///a")]
    fn handle() -> String {
        String::new()
    }
}

fn main() {
    let _ = Handlers::handle();
}

use mcp_content::{prompt, tool};

struct Server;

impl Server {
    /// Both, in an `impl` block: one error, not one per attribute.
    #[tool]
    #[prompt]
    fn both() -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::both();
}

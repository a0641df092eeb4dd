use mcp_content::tool;

struct Service;

impl Service {
    /// Gets the weather.
    #[tool]
    fn weather(&self) -> String {
        String::new()
    }
}

fn main() {}

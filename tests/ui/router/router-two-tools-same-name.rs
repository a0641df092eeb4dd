use mcp_content::{router, tool};

mod a {
    /// Says hi.
    #[mcp_content::tool]
    pub fn hi() -> String {
        String::new()
    }
}

/// Says hello.
#[tool(name = "hi")]
fn hello() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [a::hi, hello] };
}

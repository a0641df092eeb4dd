use mcp_content::{router, tool};

/// Says hi.
#[tool(descripton = "Says hi.")]
fn hi(name: String) -> String {
    name
}

fn main() {
    let _ = router! { tools: [hi] };
}

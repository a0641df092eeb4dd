use mcp_content::tool;

#[tool(descripton = "Says hi.")]
fn hi(name: String) -> String {
    name
}

fn main() {}

use mcp_content::tool;

// `desc` is close to no key: it may be the description, which is not also reported missing.
#[tool(desc = "Says hi.")]
fn hi() -> String {
    String::new()
}

fn main() {}

use mcp_content::tool;

/// Filters by kind.
#[tool]
fn filter(r#type: String, #[arg(name = "type")] kind: Option<String>) -> String {
    format!("{type} {kind:?}", type = r#type)
}

fn main() {}

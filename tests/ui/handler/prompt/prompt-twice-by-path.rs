/// Twice, by its full path: one error at the second attribute.
#[mcp_content::prompt]
#[mcp_content::prompt(name = "again")]
fn twice() -> String {
    String::new()
}

fn main() {}

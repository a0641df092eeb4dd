use mcp_content::resource;

/// A variable that is no identifier, with no parameter: the error proposes a renamed one.
#[resource(uri = "cfg://{shop.port}")]
fn port() -> String {
    String::new()
}

fn main() {}

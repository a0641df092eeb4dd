use mcp_content::{resource, router};

/// One.
#[resource(uri = "docs://{name}")]
fn one(name: String) -> String {
    name
}

/// Two.
#[resource(uri = "docs://{name}")]
fn two(name: String) -> String {
    name
}

fn main() {
    let _ = router! { resources: [one, two] };
}

use mcp_content::{resource, router};

/// One.
#[resource(uri = "docs://a/{name}")]
fn one(name: String) -> String {
    name
}

/// Two: the same template with another variable name.
#[resource(uri = "docs://a/{other}")]
fn two(other: String) -> String {
    other
}

fn main() {
    let _ = router! { resources: [one, two] };
}

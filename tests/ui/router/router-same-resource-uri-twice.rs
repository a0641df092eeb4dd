use mcp_content::{resource, router};

/// One.
#[resource(uri = "docs://readme")]
fn one() -> String {
    String::new()
}

/// Two.
#[resource(uri = "docs://readme")]
fn two() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [one, two] };
}

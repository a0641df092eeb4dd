use mcp_content::{resource, router};

/// One.
#[resource(uri = "test://a")]
fn one() -> String {
    String::new()
}

/// Two.
#[resource(uri = "test://a")]
fn two() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [one, two] };
}

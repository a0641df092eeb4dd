use mcp_content::{resource, router};

/// The changelog, which `doc` matches too.
#[resource(uri = "docs://changelog")]
fn changelog() -> String {
    String::new()
}

/// Any document.
#[resource(uri = "docs://{name}")]
fn doc(name: String) -> String {
    name
}

fn main() {
    let _ = router! { resources: [changelog, doc] };
}

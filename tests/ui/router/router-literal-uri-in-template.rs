use mcp_content::{resource, router};

/// Any file.
#[resource(uri = "files://{name}")]
fn file(name: String) -> String {
    name
}

/// The readme, which `file` matches too.
#[resource(uri = "files://readme")]
fn readme() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [file, readme] };
}

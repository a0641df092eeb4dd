use mcp_content::resource;

/// A file.
#[resource(uri = "files://{a b}")]
fn file(#[arg(name = "a b")] path: String) -> String {
    path
}

fn main() {}

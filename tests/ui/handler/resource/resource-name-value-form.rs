use mcp_content::resource;

/// A file: no "missing uri" beside the compiler's refusal of the form.
#[resource = "file:///a.txt"]
fn file() -> String {
    String::new()
}

fn main() {}

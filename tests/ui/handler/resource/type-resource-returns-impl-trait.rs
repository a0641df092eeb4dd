// `impl Trait` is refused at the return type.
use mcp_content::resource;
/// A file.
#[resource(uri = "file:///a")]
fn file() -> impl Into<String> { "" }
fn main() {}

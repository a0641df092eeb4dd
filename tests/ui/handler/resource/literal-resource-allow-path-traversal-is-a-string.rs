// A string where a bool literal is needed.
use mcp_content::resource;
/// Files.
#[resource(uri = "file:///{+path}", allow_path_traversal = "yes")]
fn file(path: String) -> String { path }
fn main() {}

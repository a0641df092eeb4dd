// A misspelled `resource_meta`: one error with "did you mean".
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(resource(uri = "a://b"), resource_mta("com.example/k" = "v"))] t: String }
fn main() {}

// Two fields into one `_meta` key: the second value would replace the first, and reading
// back would give both fields the second.

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text)]
    summary: String,
    #[content(meta = "com.example/id")]
    id: String,
    #[content(meta = "com.example/id")]
    other_id: String,
}

fn main() {}

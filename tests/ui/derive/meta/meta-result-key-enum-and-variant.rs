// The enum's `meta(…)` is on every variant's result; a variant that writes the same key
// again would replace it.

use mcp_content::Content;

#[derive(Content)]
#[content(meta("com.example/kind" = "answer"))]
enum Answer {
    #[content(meta("com.example/kind" = "text"))]
    Text(#[content(text)] String),
    Empty,
}

fn main() {}

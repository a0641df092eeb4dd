use mcp_content::Content;

/// What the derive creates is RFC 3339 (a reader takes any ISO 8601 form): a date alone is
/// refused at compile time, at the literal.
#[derive(Content)]
struct Note {
    #[content(text, annotations(last_modified = "2025-01-12"))]
    body: String,
}

fn main() {}

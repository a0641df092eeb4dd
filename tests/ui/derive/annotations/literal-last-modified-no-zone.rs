use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(last_modified = "2025-01-12T15:00:58"))]
    body: String,
}

fn main() {}

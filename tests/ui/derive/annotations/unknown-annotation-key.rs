use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, annotations(lastModified = "2025-01-12T15:00:58Z"))]
    summary: String,
}

fn main() {}

use mcp_content::Content;

const NOW: &str = "2025-01-12T15:00:58Z";

#[derive(Content)]
#[content(annotations(last_modified = NOW))]
struct S {
    #[content(text)]
    summary: String,
}

fn main() {}

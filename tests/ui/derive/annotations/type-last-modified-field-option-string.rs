use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(last_modified = changed))]
    summary: String,
    changed: Option<String>,
}

fn main() {}

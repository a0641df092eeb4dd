use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, annotations(last_modified = "yesterday"))]
    summary: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, annotations(audience = readers))]
    summary: String,
    readers: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, annotations(priority = 1.5))]
    summary: String,
}

fn main() {}

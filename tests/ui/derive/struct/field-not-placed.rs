use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text)]
    summary: String,
    notes: String,
}

fn main() {}

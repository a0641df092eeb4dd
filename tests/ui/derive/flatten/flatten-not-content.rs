use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text)]
    summary: String,
    #[content(flatten)]
    details: u32,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, text)]
    summary: String,
}

fn main() {}

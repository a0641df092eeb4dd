use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, write_only)]
    summary: String,
}

fn main() {}

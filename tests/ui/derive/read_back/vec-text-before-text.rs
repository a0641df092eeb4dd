use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text)]
    lines: Vec<String>,
    #[content(text)]
    footer: String,
}

fn main() {}

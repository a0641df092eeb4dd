use mcp_content::Content;

#[derive(Content)]
#[content(structured)]
struct Report {
    #[content(text)]
    summary: String,
}

fn main() {}

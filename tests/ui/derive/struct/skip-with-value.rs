use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text)]
    summary: String,
    #[content(skip = true)]
    cache: u32,
}

fn main() {}

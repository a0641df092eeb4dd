use mcp_content::Content;

#[derive(Content)]
#[content(write_only, write_only)]
struct Report {
    #[content(text)]
    summary: String,
}

fn main() {}

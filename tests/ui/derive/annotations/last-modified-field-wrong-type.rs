use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, annotations(last_modified = when))]
    summary: String,
    when: u64,
}

fn main() {}

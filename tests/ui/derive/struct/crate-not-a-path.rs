use mcp_content::Content;

#[derive(Content)]
#[content(crate = "not a path")]
struct Report {
    #[content(text)]
    summary: String,
}

fn main() {}

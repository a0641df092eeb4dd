use mcp_content::Content;

#[derive(Content)]
#[content(annotations(priority = -0.5))]
struct Report {
    #[content(text)]
    summary: String,
}

fn main() {}

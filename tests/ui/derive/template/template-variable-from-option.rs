use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "reports://{year}/summary.txt"))]
    summary: String,
    year: Option<u32>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resorce(uri = "reports://{region}", text))]
    summary: String,
    region: String,
}

fn main() {}

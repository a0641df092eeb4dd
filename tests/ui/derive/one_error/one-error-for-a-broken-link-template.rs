use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "reports://{region/summary", mime = "text/plain"))]
    summary: String,
    region: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "reports://{region}", text), annotations(priority = weight, audince = "user"))]
    summary: String,
    region: String,
    weight: f64,
}

fn main() {}

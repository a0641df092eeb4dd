use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "reports://{region}/summary", mime = kind, txt))]
    summary: String,
    region: String,
    kind: mcp_content::model::MimeType,
}

fn main() {}

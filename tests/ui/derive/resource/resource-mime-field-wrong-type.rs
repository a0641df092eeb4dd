use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///report.txt", mime = kind))]
    body: String,
    kind: String,
}

fn main() {}

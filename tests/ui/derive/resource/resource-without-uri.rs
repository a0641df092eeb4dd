use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(mime = "text/plain"))]
    raw: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///a.json", mime = "json"))]
    raw: String,
}

fn main() {}

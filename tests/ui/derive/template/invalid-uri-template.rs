use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///{unclosed"))]
    raw: String,
}

fn main() {}

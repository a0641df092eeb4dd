use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///{raw}.txt"))]
    raw: String,
}

fn main() {}

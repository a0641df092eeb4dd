use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "notes/today.txt"))]
    raw: String,
}

fn main() {}

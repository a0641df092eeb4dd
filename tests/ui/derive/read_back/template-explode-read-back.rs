use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "file:///{path*}"))]
    raw: String,
    #[content(text)]
    path: String,
}

fn main() {}

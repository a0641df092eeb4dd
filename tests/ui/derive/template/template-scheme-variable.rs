use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(resource(uri = "{scheme}://host/raw"))]
    raw: String,
    #[content(text)]
    scheme: String,
}

fn main() {}

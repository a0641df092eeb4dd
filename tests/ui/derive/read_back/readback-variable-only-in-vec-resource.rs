use mcp_content::Content;

#[derive(Content)]
struct Pages {
    #[content(resource(uri = "book://{title}/page"))]
    pages: Vec<String>,
    title: String,
}

fn main() {}

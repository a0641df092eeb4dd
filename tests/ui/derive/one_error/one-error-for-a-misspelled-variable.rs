use mcp_content::Content;

#[derive(Content)]
struct Page {
    #[content(resource(uri = "pages://{nmae}/body", mime = "text/html"))]
    body: String,
    name: String,
}

fn main() {}

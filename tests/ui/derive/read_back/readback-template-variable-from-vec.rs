use mcp_content::Content;

#[derive(Content)]
struct Tagged {
    #[content(resource(uri = "tags://{tags}/list"))]
    list: String,
    tags: Vec<String>,
}

fn main() {}

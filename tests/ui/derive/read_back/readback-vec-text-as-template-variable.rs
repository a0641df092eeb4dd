use mcp_content::Content;

#[derive(Content)]
struct Tagged {
    #[content(resource(uri = "tags://{tags}"))]
    list: String,
    #[content(text)]
    tags: Vec<String>,
}

fn main() {}

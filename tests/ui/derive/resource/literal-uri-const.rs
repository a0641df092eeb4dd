use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = URI))]
    body: String,
}

fn main() {}

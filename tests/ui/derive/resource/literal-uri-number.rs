use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = 5))]
    body: String,
}

fn main() {}

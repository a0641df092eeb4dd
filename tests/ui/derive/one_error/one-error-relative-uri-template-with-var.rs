use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "{name}.txt"))]
    body: String,
    name: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{a}.{b}"))]
    body: String,
    a: String,
    b: String,
}

fn main() {}

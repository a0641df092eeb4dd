use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{!a}"))]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{name}"))]
    body: String,
    name: &'static str,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{name}", mim = "text/plain"))]
    body: String,
    name: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{o}"))]
    body: String,
    o: Vec<String>,
}

fn main() {}

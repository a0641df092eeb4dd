use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{r#type}.txt"))]
    body: String,
    r#type: String,
}

fn main() {}

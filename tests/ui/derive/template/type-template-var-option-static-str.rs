use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a{?k}"))]
    body: String,
    k: Option<&'static str>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///files{?rev}"))]
    body: String,
    rev: Option<Option<u32>>,
}

fn main() {}

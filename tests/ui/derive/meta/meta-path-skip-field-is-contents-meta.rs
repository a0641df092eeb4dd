use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a"), resource_meta("com.example/rev" = rev))]
    body: String,
    #[content(skip)]
    rev: u32,
}

fn main() {}

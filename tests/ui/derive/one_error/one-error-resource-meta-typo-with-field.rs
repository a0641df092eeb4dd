use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a"), resource_mta("com.example/r" = rev))]
    body: String,
    rev: u32,
}

fn main() {}

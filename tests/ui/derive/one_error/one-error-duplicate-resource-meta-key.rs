use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a"), resource_meta("com.example/k" = 1, "com.example/k" = 2))]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(serde::Serialize)]
struct Half;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a"), resource_meta("com.example/k" = o))]
    body: String,
    o: Half,
}

fn main() {}

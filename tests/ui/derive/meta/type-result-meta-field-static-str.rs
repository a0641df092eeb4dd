use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: String,
    #[content(meta = "com.example/k")]
    k: Option<&'static str>,
}

fn main() {}

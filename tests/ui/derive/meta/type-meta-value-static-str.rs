use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = k))]
    body: String,
    k: &'static str,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = 1e999))]
    body: String,
}

fn main() {}

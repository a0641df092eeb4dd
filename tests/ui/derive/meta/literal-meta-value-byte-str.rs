use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = b"x"))]
    body: String,
}

fn main() {}

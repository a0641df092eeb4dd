use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = a, "com.example/k" = "x"))]
    body: String,
    a: u32,
}

fn main() {}

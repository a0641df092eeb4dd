use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = k))]
    lines: Vec<String>,
    k: u32,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: String,
    #[content(meta = "com.example/k")]
    a: u32,
    #[content(meta = "com.example/k")]
    b: u32,
}

fn main() {}

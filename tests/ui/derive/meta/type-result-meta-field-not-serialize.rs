use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct S {
    #[content(text)]
    body: String,
    #[content(meta = "com.example/k")]
    o: Opaque,
}

fn main() {}

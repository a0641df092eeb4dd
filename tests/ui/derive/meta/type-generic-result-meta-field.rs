use mcp_content::Content;

#[derive(Content)]
struct S<T> {
    #[content(text)]
    a: String,
    #[content(meta = "com.example/t")]
    t: T,
}

fn main() {}

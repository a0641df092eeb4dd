use mcp_content::Content;

#[derive(Content)]
#[content(meta("com.example/k" = t))]
struct S<T> {
    #[content(text)]
    a: String,
    t: T,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S<T> {
    #[content(flatten)]
    inner: T,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S<T> {
    #[content(text)]
    body: T,
}

fn main() {}

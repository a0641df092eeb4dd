use mcp_content::Content;

#[derive(Content)]
struct Inner<T: std::fmt::Display> {
    #[content(text)]
    a: T,
}

#[derive(Content)]
struct S {
    #[content(flatten)]
    inner: Inner<u32>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Inner {
    #[content(text)]
    a: String,
}

#[derive(Content)]
struct S<'a> {
    #[content(flatten)]
    inner: &'a Inner,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
#[content(write_only)]
struct Inner {
    #[content(text)]
    a: String,
}

#[derive(Content)]
struct S {
    #[content(flatten)]
    inner: Inner,
}

fn main() {}

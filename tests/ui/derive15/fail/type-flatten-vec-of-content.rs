use mcp_content::Content;

#[derive(Content)]
struct Inner {
    #[content(text)]
    text: String,
}

#[derive(Content)]
struct S {
    #[content(flatten)]
    inner: Vec<Inner>,
}

fn main() {}

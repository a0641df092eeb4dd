use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(flatten)]
    inner: String,
}

fn main() {}

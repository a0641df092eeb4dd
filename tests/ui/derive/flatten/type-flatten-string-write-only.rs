use mcp_content::Content;

#[derive(Content)]
#[content(write_only)]
struct S {
    #[content(flatten)]
    inner: String,
}

fn main() {}

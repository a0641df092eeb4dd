use mcp_content::Content;

#[derive(Content)]
struct Outer {
    #[content(text)]
    title: String,
    #[content(flatten)]
    inner: Option<String>,
}

fn main() {}

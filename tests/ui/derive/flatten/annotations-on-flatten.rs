use mcp_content::Content;

#[derive(Content)]
struct Inner {
    #[content(text)]
    text: String,
}

#[derive(Content)]
struct Report {
    #[content(flatten, annotations(priority = 0.5))]
    inner: Inner,
}

fn main() {}

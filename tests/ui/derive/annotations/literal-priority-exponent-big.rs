use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = 1e3))]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = -0.1))]
    body: String,
}

fn main() {}

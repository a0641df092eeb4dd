use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = 1.01))]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = 2))]
    body: String,
}

fn main() {}

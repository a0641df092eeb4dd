use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Option<Option<String>>,
}

fn main() {}

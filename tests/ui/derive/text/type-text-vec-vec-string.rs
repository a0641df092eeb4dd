use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Vec<Vec<String>>,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: &'static str,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = (0.5)))]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(last_modified = 20250112))]
    body: String,
}

fn main() {}

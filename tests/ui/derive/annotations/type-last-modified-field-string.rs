use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(last_modified = at))]
    body: String,
    at: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta(key = "v"))]
    body: String,
}

fn main() {}

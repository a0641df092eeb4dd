use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(audience = ["user", -1]))]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(audience = [user]))]
    body: String,
}

fn main() {}

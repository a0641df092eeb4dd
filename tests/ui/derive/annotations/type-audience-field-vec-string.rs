use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(audience = who))]
    body: String,
    who: Vec<String>,
}

fn main() {}

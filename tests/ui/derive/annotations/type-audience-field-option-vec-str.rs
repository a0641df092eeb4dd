use mcp_content::Content;

#[derive(Content)]
#[content(annotations(audience = who))]
struct S {
    #[content(text)]
    body: String,
    who: Option<Vec<&'static str>>,
}

fn main() {}

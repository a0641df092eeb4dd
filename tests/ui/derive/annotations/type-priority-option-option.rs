use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = p))]
    body: String,
    p: Option<Option<mcp_content::model::Priority>>,
}

fn main() {}

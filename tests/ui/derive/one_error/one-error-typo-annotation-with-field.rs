use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priorty = p))]
    body: String,
    p: mcp_content::model::Priority,
}

fn main() {}

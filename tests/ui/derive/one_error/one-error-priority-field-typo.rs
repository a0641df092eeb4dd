use mcp_content::Content;

#[derive(Content)]
#[content(annotations(priority = importanse))]
struct S {
    #[content(text)]
    body: String,
    importance: mcp_content::model::Priority,
}

fn main() {}

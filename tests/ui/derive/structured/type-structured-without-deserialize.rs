use mcp_content::Content;

#[derive(Content, serde::Serialize, schemars::JsonSchema)]
#[content(structured)]
struct S {
    #[content(text)]
    a: String,
}

fn main() {}

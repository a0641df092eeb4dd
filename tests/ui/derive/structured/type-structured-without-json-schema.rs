use mcp_content::Content;

#[derive(Content, serde::Serialize, serde::Deserialize)]
#[content(structured)]
struct S {
    #[content(text)]
    a: String,
}

fn main() {}

use mcp_content::model::Base64Data;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    a: Vec<Base64Data>,
}

fn main() {}

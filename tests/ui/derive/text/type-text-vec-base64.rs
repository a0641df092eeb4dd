use mcp_content::Base64Data;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    a: Vec<Base64Data>,
}

fn main() {}

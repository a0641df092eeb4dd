use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(txt)]
    body: String,
}

fn main() {}

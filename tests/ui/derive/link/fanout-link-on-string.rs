use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link)]
    body: String,
}

fn main() {}

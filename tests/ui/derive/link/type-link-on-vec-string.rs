use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link)]
    hrefs: Vec<String>,
}

fn main() {}

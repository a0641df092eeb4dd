use mcp_content::Content;

#[derive(Content)]
#[content(annotations(priority = 7))]
struct S {
    #[content(text)]
    a: String,
    #[content(text)]
    b: String,
}

fn main() {}

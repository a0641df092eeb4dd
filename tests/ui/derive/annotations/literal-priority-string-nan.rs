use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = "NaN"))]
    body: String,
}

fn main() {}

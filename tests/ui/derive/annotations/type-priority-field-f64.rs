use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = p))]
    body: String,
    p: f64,
}

fn main() {}

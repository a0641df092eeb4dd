use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = 1 as f64))]
    summary: String,
}

fn main() {}

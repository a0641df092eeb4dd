use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = f64::INFINITY))]
    body: String,
}

fn main() {}

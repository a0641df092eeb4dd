use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = f64::NAN))]
    body: String,
}

fn main() {}

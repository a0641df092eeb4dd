use mcp_content::Content;

#[derive(Content)]
struct S<T> {
    #[content(text, annotations(audience = t))]
    a: String,
    t: T,
}

fn main() {}

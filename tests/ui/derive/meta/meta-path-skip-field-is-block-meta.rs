use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/id" = id))]
    body: String,
    #[content(skip)]
    id: u32,
}

fn main() {}

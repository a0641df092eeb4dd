use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/k" = 'c'))]
    body: String,
}

fn main() {}

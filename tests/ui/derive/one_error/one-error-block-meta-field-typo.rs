use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("com.example/run" = runn))]
    body: String,
    run: u64,
}

fn main() {}

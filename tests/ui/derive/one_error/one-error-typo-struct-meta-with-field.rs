use mcp_content::Content;

#[derive(Content)]
#[content(mta("com.example/k" = run))]
struct S {
    #[content(text)]
    body: String,
    run: u64,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, meta("-bad" = run))]
    body: String,
    run: u64,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text, annotations(priority = rank))]
    summary: String,
    rank: u8,
}

fn main() {}

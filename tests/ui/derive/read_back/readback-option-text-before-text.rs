use mcp_content::Content;

#[derive(Content)]
struct Notes {
    #[content(text)]
    hint: Option<String>,
    #[content(text)]
    body: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
enum Answer {
    #[content(text)]
    Text(String),
}

fn main() {}

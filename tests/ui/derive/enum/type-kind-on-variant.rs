use mcp_content::Content;

#[derive(Content)]
enum E {
    #[content(text)]
    A(String),
}

fn main() {}

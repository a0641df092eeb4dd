use mcp_content::Content;

#[derive(Content)]
enum E {
    A(#[content(text)] Option<String>),
    B,
}

fn main() {}

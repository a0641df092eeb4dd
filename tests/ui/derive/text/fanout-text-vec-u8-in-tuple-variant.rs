use mcp_content::Content;

#[derive(Content)]
enum E {
    A(#[content(text)] Option<Vec<u8>>),
}

fn main() {}

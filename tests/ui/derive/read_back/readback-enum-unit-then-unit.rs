use mcp_content::Content;

#[derive(Content)]
enum E {
    A,
    B,
}

fn main() {}

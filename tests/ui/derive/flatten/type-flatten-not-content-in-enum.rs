use mcp_content::Content;

struct Plain;

#[derive(Content)]
enum E {
    A(#[content(flatten)] Plain),
}

fn main() {}

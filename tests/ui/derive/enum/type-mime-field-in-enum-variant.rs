use mcp_content::Content;

#[derive(Content)]
enum E {
    A(#[content(image(mime = _1))] Vec<u8>, String),
}

fn main() {}

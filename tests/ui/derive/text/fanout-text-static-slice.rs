use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: &'static [u8],
}

fn main() {}

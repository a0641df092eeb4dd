use mcp_content::Content;

#[derive(Content)]
enum Payload {
    Raw(#[content(text)] Vec<u8>),
    Word(#[content(text)] String),
}

fn main() {}

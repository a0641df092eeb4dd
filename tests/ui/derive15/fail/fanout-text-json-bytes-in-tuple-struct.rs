use mcp_content::Content;

#[derive(Content)]
struct Digest(#[content(text(json))] Vec<u8>);

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report(#[content(text)] String);

fn main() {}

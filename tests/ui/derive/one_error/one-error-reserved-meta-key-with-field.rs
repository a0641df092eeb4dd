use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: String,
    #[content(meta = "io.modelcontextprotocol/x")]
    run: u64,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
#[content(meta("io.modelcontextprotocol/source" = "x"))]
struct Report {
    #[content(text)]
    summary: String,
}

fn main() {}

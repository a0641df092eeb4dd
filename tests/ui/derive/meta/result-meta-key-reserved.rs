use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text)]
    summary: String,
    #[content(meta = "dev.mcp/city")]
    city: String,
}

fn main() {}

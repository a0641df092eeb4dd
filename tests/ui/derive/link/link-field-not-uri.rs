use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(link)]
    site: String,
}

fn main() {}

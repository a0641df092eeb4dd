use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, annotations(audience = ["robot"]))]
    summary: String,
}

fn main() {}

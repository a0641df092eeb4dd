use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, annotations(priority = weight))]
    summary: String,
    weight: f64,
}

fn main() {}

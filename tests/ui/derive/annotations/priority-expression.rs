use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, annotations(priority = f64::NAN))]
    summary: String,
}

fn main() {}

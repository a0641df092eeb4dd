use mcp_content::Content;

#[derive(Content)]
struct Note {
    #[content(text, annotations(priority = 2f64))]
    body: String,
}

fn main() {}

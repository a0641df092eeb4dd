use mcp_content::Content;

#[derive(Content)]
struct Note {
    #[content(text, annotations(priority = "high"))]
    body: String,
}

fn main() {}

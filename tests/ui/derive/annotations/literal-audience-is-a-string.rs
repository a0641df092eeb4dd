use mcp_content::Content;

#[derive(Content)]
struct Note {
    #[content(text, annotations(audience = "user"))]
    body: String,
}

fn main() {}

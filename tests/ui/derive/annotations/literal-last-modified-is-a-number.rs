use mcp_content::Content;

#[derive(Content)]
struct Note {
    #[content(text, annotations(last_modified = 20250112))]
    body: String,
}

fn main() {}

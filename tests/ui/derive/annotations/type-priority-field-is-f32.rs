use mcp_content::Content;

#[derive(Content)]
struct Note {
    #[content(text, annotations(priority = weight))]
    body: String,
    weight: f32,
}

fn main() {}

use mcp_content::{Content, model::Role};

#[derive(Content)]
struct Note {
    #[content(text, annotations(audience = readers, priorty = weight))]
    body: String,
    readers: Vec<Role>,
    weight: f64,
}

fn main() {}

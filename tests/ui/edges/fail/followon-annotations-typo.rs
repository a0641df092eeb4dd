use mcp_content::Content;
use mcp_content::model::Role;

#[derive(Content)]
struct Note {
    #[content(text, annotations(audience = readers, priorty = weight))]
    body: String,
    readers: Vec<Role>,
    weight: f64,
}

fn main() {}

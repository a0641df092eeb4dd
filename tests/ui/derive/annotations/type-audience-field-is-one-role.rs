use mcp_content::{Content, model::Role};

#[derive(Content)]
struct Note {
    #[content(text, annotations(audience = reader))]
    body: String,
    reader: Role,
}

fn main() {}

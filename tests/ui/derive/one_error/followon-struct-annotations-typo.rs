use mcp_content::Content;

#[derive(Content)]
#[content(annotations(priorty = weight))]
struct Note {
    #[content(text)]
    body: String,
    weight: f64,
}

fn main() {}

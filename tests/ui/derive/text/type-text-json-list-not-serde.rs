use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Report {
    #[content(text(json))]
    rows: Vec<Opaque>,
}

fn main() {}

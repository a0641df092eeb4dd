use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Note {
    #[content(text)]
    lines: Vec<Opaque>,
}

fn main() {}

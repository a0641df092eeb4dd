use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Note {
    #[content(text)]
    body: Option<Opaque>,
}

fn main() {}

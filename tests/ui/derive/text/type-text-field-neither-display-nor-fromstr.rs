use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Note {
    #[content(text)]
    body: Opaque,
}

fn main() {}

use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Note {
    #[content(resource(uri = "file:///note.txt", mime = "text/plain"))]
    body: Opaque,
}

fn main() {}

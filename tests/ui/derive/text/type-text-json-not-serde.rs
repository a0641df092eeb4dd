use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct Report {
    #[content(text(json))]
    body: Opaque,
}

fn main() {}

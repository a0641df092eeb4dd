use mcp_content::Content;

struct Opaque;

#[derive(Content)]
#[content(write_only)]
struct Report {
    #[content(text(json))]
    body: Opaque,
}

fn main() {}

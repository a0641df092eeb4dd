use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct S {
    #[content(text(json))]
    body: Opaque,
}

fn main() {}

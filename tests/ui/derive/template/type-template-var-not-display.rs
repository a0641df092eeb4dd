use mcp_content::Content;

struct Opaque;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///{o}"))]
    body: String,
    o: Opaque,
}

fn main() {}

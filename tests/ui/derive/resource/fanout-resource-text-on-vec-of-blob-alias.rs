use mcp_content::Content;

type Blob = Vec<u8>;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", text))]
    body: Vec<Blob>,
}

fn main() {}

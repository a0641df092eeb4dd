use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a", mime = concat!("text", "/plain")))]
    body: String,
}

fn main() {}

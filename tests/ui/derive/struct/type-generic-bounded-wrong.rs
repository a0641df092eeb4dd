use mcp_content::Content;

#[derive(Content)]
struct S<T: Clone> {
    #[content(resource(uri = "file:///{t}"))]
    a: String,
    t: T,
}

fn main() {}

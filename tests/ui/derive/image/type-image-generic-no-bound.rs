use mcp_content::Content;

#[derive(Content)]
struct S<T> {
    #[content(image(mime = "image/png"))]
    body: T,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = kind))]
    chart: Vec<u8>,
    kind: &'static str,
}

fn main() {}

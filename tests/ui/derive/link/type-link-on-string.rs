use mcp_content::Content;

#[derive(Content)]
struct Pointer {
    #[content(link(name = "target"))]
    target: String,
}

fn main() {}

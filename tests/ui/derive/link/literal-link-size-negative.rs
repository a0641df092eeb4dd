use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(link(size = -1))]
    body: mcp_content::model::Uri,
}

fn main() {}

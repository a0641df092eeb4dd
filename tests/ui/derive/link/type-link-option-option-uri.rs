use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct S {
    #[content(link(name = "report"))]
    report: Option<Option<Uri>>,
}

fn main() {}

use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct S {
    #[content(link(name = "report", size = bytes))]
    report: Uri,
    bytes: Option<i32>,
}

fn main() {}

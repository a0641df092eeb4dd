use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct S {
    #[content(link(name = "report", mime = kind))]
    report: Uri,
    kind: Option<String>,
}

fn main() {}

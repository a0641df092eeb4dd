use mcp_content::{Content, Uri};

#[derive(Content)]
struct S {
    #[content(link(name = "report", mime = kind))]
    report: Uri,
    kind: Option<String>,
}

fn main() {}

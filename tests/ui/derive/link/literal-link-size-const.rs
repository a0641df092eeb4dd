use mcp_content::{Content, model::Uri};

const SIZE: u64 = 1024;

#[derive(Content)]
struct S {
    #[content(link(name = "report", size = SIZE))]
    report: Uri,
}

fn main() {}

use mcp_content::{Content, model::Uri};

#[derive(Content)]
#[content(write_only)]
struct S<'a> {
    #[content(link(name = "report", size = bytes))]
    report: Uri,
    bytes: &'a u64,
}

fn main() {}

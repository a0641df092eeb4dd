use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct Report {
    #[content(link(name = label))]
    log: Uri,
    label: Option<String>,
}

fn main() {}

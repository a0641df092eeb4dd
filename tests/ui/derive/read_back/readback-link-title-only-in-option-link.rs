use mcp_content::{Content, model::Uri};

#[derive(Content)]
struct Attachment {
    #[content(link(name = "log", title = label))]
    log: Option<Uri>,
    label: String,
}

fn main() {}

use mcp_content::Content;
use mcp_content::model::Uri;

#[derive(Content)]
struct Report {
    #[content(link(name = label))]
    log: Uri,
    label: Option<String>,
}

fn main() {}

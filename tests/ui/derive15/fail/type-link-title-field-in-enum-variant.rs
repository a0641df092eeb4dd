use mcp_content::Content;
use mcp_content::model::Uri;

#[derive(Content)]
enum E {
    Report {
        #[content(link(name = "report", title = heading))]
        report: Uri,
        heading: u32,
    },
}

fn main() {}

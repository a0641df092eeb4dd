use mcp_content::{Content, model::Uri};

#[derive(Content)]
enum E {
    Report {
        #[content(link(name = "report", title = heading))]
        report: Uri,
        heading: u32,
    },
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(link(name = "report", size = 1.5))]
    report: mcp_content::model::Uri,
}

fn main() {}

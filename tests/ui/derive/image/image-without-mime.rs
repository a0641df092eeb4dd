use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(image)]
    chart: Vec<u8>,
}

fn main() {}

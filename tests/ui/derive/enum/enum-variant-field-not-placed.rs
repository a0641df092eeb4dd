use mcp_content::Content;

#[derive(Content)]
enum Report {
    Short(String),
}

fn main() {}

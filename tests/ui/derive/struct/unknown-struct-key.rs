use mcp_content::Content;

#[derive(Content)]
#[content(strutured)]
struct Report {
    #[content(text)]
    summary: String,
}

fn main() {}

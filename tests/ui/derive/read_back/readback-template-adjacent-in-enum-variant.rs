use mcp_content::Content;

#[derive(Content)]
enum Answer {
    Text(#[content(text)] String),
    Page {
        #[content(resource(uri = "book://{chapter}{page}"))]
        body: String,
        chapter: u32,
        page: u32,
    },
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
#[content(meta("example.com/trace" = trace))]
struct Note {
    #[content(text)]
    body: String,
    #[content(skip)]
    trace: String,
}

fn main() {}

use mcp_content::Content;

#[derive(Content)]
struct Note {
    #[content(text, meta("example.com/trace" = trace, "example.com/span" = spn))]
    body: String,
    trace: String,
    span: String,
}

fn main() {}

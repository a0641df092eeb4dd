use mcp_content::Content;

#[derive(Content)]
struct Lines {
    #[content(text, meta("com.example/source" = source))]
    lines: Vec<String>,
    source: String,
}

fn main() {}

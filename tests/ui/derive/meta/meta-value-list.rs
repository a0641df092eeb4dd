use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, meta("com.example/x" = [1, 2]))]
    summary: String,
}

fn main() {}

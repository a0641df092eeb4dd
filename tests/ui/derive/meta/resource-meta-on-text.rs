use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, resource_meta("com.example/x" = 1))]
    summary: String,
}

fn main() {}

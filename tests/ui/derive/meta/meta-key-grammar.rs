use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(text, meta("com.example/alt-" = "x"))]
    summary: String,
}

fn main() {}

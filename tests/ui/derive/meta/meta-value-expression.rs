use mcp_content::Content;

const SOURCE: &str = "api";

#[derive(Content)]
#[content(meta("com.example/source" = SOURCE.to_owned()))]
struct Report {
    #[content(text)]
    summary: String,
}

fn main() {}

use mcp_content::Content;

struct Summary(String);

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Content)]
struct Report {
    #[content(text)]
    summary: Summary,
}

fn main() {}

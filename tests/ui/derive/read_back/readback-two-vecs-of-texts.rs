use mcp_content::Content;

// Nothing tells where `errors` end and `warnings` begin.
#[derive(Content)]
struct Lint {
    #[content(text)]
    errors: Vec<String>,
    #[content(text)]
    warnings: Vec<String>,
}

fn main() {}

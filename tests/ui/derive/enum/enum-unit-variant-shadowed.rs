use mcp_content::Content;

#[derive(Content)]
enum Answer {
    Maybe(#[content(text)] Option<String>),
    Nothing, // `Maybe(None)` writes no blocks either: reading one gives `Maybe`
}

fn main() {}

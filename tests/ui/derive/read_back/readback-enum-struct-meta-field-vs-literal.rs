use mcp_content::Content;

#[derive(Content)]
enum E {
    #[content(meta("com.example/kind" = kind))]
    A { #[content(text)] a: String, kind: String },
    #[content(meta("com.example/kind" = "b"))]
    B(#[content(text)] String),
}

fn main() {}

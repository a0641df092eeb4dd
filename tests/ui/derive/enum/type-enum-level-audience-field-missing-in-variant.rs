use mcp_content::Content;

#[derive(Content)]
#[content(annotations(audience = who))]
enum E {
    A { #[content(text)] a: String, who: Vec<mcp_content::model::Role> },
    B(#[content(text)] String),
}

fn main() {}

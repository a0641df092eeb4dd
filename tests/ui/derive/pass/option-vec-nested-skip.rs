#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoCallToolResult};

#[derive(Content, Debug, PartialEq)]
#[content(meta("com.example/part" = "header"))]
struct Header {
    #[content(text)]
    title: String,
    #[content(meta = "com.example/id")]
    id: u32,
}

/// `Option` (absent when `None`), `Vec` (one block each), a nested struct, `skip`.
#[derive(Content, Debug, PartialEq)]
struct Page {
    #[content(flatten)]
    header: Header,
    #[content(text)]
    body: String,
    #[content(image(mime = "image/png"))]
    figure: Option<Vec<u8>>,
    #[content(text)]
    footnotes: Vec<String>,
    #[content(skip)]
    cache: Vec<u8>,
}

fn main() {
    let page = Page {
        header: Header { title: "t".into(), id: 1 },
        body: "b".into(),
        figure: None,
        footnotes: vec!["1".into()],
        cache: vec![],
    };
    let _ = Page::from_call_tool_result(&page.into_call_tool_result());
}

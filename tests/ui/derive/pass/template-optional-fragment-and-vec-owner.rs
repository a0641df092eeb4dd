#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoCallToolResult};

/// An `Option` variable in a fragment expression leaves `#…` out when `None`, and reads back.
#[derive(Content, Debug, PartialEq)]
struct Anchored {
    #[content(resource(uri = "file:///doc{#frag}"))]
    body: String,
    frag: Option<String>,
}

/// A variable of a `Vec` resource's template that also has a place of its own (the result's
/// `_meta`) is written when the list is empty, and read back from both.
#[derive(Content, Debug, PartialEq)]
#[content(meta("com.example/n" = n))]
struct Pages {
    #[content(resource(uri = "file:///{n}/page"))]
    pages: Vec<String>,
    n: u32,
}

fn main() {
    for frag in [None, Some(String::new()), Some("sec 2".to_owned())] {
        let value = Anchored { body: "b".into(), frag: frag.clone() };
        let result = value.into_call_tool_result();
        let back = Anchored::from_call_tool_result(&result).unwrap();
        assert_eq!(back, Anchored { body: "b".into(), frag });
    }
    for pages in [vec![], vec!["a".to_owned(), "b".to_owned()]] {
        let result = Pages { pages: pages.clone(), n: 7 }.into_call_tool_result();
        assert_eq!(Pages::from_call_tool_result(&result).unwrap(), Pages { pages, n: 7 });
    }
}

#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoCallToolResult, model::Uri};

/// Literals at the edges of what the spec allows are written and read back.
#[derive(Content, Debug, PartialEq)]
struct Edges {
    #[content(text, annotations(audience = [], priority = 0), meta("" = 1))]
    body: String,
    #[content(link(name = "", size = 0))]
    href: Uri,
    #[content(image(mime = "IMAGE/PNG; q=1"))]
    png: Vec<u8>,
}

fn main() {
    let value = Edges { body: "b".into(), href: Uri::new("file:///x").unwrap(), png: vec![1] };
    let result = value.into_call_tool_result();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["content"][0]["annotations"]["audience"], serde_json::json!([]));
    assert_eq!(json["content"][0]["_meta"][""], 1);
    assert_eq!(json["content"][1]["name"], "");
    let back = Edges::from_call_tool_result(&result).unwrap();
    assert_eq!(back.body, "b");
    let text = serde_json::to_string(&result).unwrap();
    let reread = mcp_content::read_json(text.as_bytes()).unwrap();
    assert_eq!(Edges::from_call_tool_result(&reread).unwrap().png, vec![1]);
}

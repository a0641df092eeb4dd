#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, IntoCallToolResult};

/// Type parameters with the bounds their places need: written only.
#[derive(Content)]
#[content(meta("com.example/id" = id))]
struct Page<T: std::fmt::Display, I>
where
    I: serde::Serialize,
{
    #[content(resource(uri = "file:///{name}.txt"))]
    body: String,
    name: T,
    id: I,
}

fn main() {
    let result = Page { body: "b".into(), name: 7_u32, id: vec![1, 2] }.into_call_tool_result();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["content"][0]["resource"]["uri"], "file:///7.txt");
    assert_eq!(json["_meta"]["com.example/id"], serde_json::json!([1, 2]));
}

#![deny(warnings)] // the macros give the user no warning
use mcp_content::{CallToolResult, Content, FromContent, IntoCallToolResult};

/// `_meta` in all three places, from literals and from fields.
#[derive(Content, Debug, PartialEq)]
#[content(meta("com.example/source" = "api", "com.example/version" = 2, "com.example/live" = true, "com.example/run" = run))]
struct Placed {
    #[content(text, meta("com.example/alt" = "chart", "com.example/weight" = 0.25, "com.example/lang" = lang))]
    summary: String,
    #[content(resource(uri = "file:///raw.json"), meta("com.example/block" = "envelope"), resource_meta("com.example/schema" = "v2", "com.example/rev" = rev))]
    raw: String,
    #[content(meta = "com.example/city")]
    city: String,
    #[content(meta = "com.example/note")]
    note: Option<String>,
    run: u64,
    lang: String,
    rev: i32,
}

fn main() {
    let value = Placed {
        summary: "s".into(),
        raw: "{}".into(),
        city: "Paris".into(),
        note: None,
        run: 7,
        lang: "en".into(),
        rev: -1,
    };
    let result: CallToolResult = value.into_call_tool_result();
    let _ = Placed::from_call_tool_result(&result);
}

#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoCallToolResult};

/// Variants that differ only in a literal their blocks carry: each reads back as itself.
#[derive(Content, Debug, PartialEq)]
enum View {
    V1(#[content(resource(uri = "file:///a"), resource_meta("com.example/v" = 1))] String),
    V2(#[content(resource(uri = "file:///a"), resource_meta("com.example/v" = 2))] String),
    Bordered(
        #[content(resource(uri = "ui://a/v.html", mime = "text/html;profile=mcp-app"), ui(prefers_border = true))]
        String,
    ),
    Plain(
        #[content(resource(uri = "ui://a/v.html", mime = "text/html;profile=mcp-app"), ui(prefers_border = false))]
        String,
    ),
}

#[derive(Content, Debug, PartialEq)]
enum Picture {
    Png(#[content(image(mime = "image/png"))] Vec<u8>),
    Jpeg(#[content(image(mime = "image/jpeg"))] Vec<u8>),
    Any(#[content(image(mime = "image/gif", any_mime))] Vec<u8>),
}

#[derive(Content, Debug, PartialEq)]
enum Note {
    Tagged(#[content(text, meta("com.example/tag" = "x"), annotations(priority = 1))] String),
    Urgent(#[content(text, annotations(priority = 1))] String),
    Untagged(#[content(text)] String),
}

fn round_trip<T: IntoCallToolResult + FromContent + PartialEq + std::fmt::Debug>(value: T, again: T) {
    let result = value.into_call_tool_result();
    assert_eq!(T::from_call_tool_result(&result).unwrap(), again);
}

fn main() {
    round_trip(View::V1("a".into()), View::V1("a".into()));
    round_trip(View::V2("b".into()), View::V2("b".into()));
    round_trip(View::Bordered("<p>".into()), View::Bordered("<p>".into()));
    round_trip(View::Plain("<p>".into()), View::Plain("<p>".into()));
    round_trip(Picture::Png(vec![1]), Picture::Png(vec![1]));
    round_trip(Picture::Jpeg(vec![2]), Picture::Jpeg(vec![2]));
    round_trip(Picture::Any(vec![3]), Picture::Any(vec![3]));
    round_trip(Note::Tagged("t".into()), Note::Tagged("t".into()));
    round_trip(Note::Urgent("u".into()), Note::Urgent("u".into()));
    round_trip(Note::Untagged("n".into()), Note::Untagged("n".into()));
}

#![deny(warnings)] // the macros give the user no warning
use mcp_content::{CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor, read_json};

/// `any_mime`: written as `image/png`, read back from an image of any type.
#[derive(Content, Debug, PartialEq)]
struct Photo {
    #[content(image(mime = "image/png", any_mime))]
    picture: Vec<u8>,
}

fn main() {
    let json = String::from_utf8(Photo { picture: vec![1, 2, 3] }.into_call_tool_result().to_json_for(ProtocolVersion::V2026_07_28)).unwrap();
    assert!(json.contains("\"image/png\""));
    let jpeg: CallToolResult = read_json(json.replace("image/png", "image/jpeg").as_bytes()).unwrap();
    assert_eq!(Photo::from_call_tool_result(&jpeg).unwrap(), Photo { picture: vec![1, 2, 3] });
}

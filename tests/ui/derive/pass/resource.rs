#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoContent, model::MimeType};

/// Embedded resources: text or blob by type or explicitly, literal URIs and templates whose
/// variables are other fields, MIME types literal or from a field.
#[derive(Content, Debug, PartialEq)]
struct Resources {
    #[content(resource(uri = "file:///notes.txt", mime = "text/plain"))]
    notes: String,
    #[content(resource(uri = "file:///{+dir}/{name}.bin"))]
    data: Vec<u8>,
    #[content(resource(uri = "weather://{city}/raw", mime = raw_type, text))]
    raw: String,
    #[content(resource(uri = "file:///encoded.b64", blob))]
    encoded: mcp_content::model::Base64Data,
    dir: String,
    name: String,
    city: String,
    raw_type: Option<MimeType>,
}

fn main() {
    let value = Resources {
        notes: "n".into(),
        data: vec![1, 2],
        raw: "{}".into(),
        encoded: mcp_content::model::Base64Data::from_bytes(vec![3]),
        dir: "a/b".into(),
        name: "x y".into(),
        city: "Paris".into(),
        raw_type: None,
    };
    let _ = Resources::from_content(&value.into_content());
}

#![deny(warnings)] // the macros give the user no warning
use std::borrow::Cow;

use mcp_content::{Content, FromContent, IntoContent, model::{Base64Data, MimeType}};

/// `image` / `audio` from every bytes type, with a literal MIME type or one from a field.
#[derive(Content, Debug, PartialEq)]
struct Media {
    #[content(image(mime = "image/png"))]
    owned: Vec<u8>,
    #[content(image(mime = "image/jpeg"))]
    boxed: Box<[u8]>,
    #[content(image(mime = "image/webp"))]
    encoded: Base64Data,
    #[content(image(mime = "image/gif"))]
    shared: bytes::Bytes,
    #[content(audio(mime = "audio/wav"))]
    clip: Cow<'static, [u8]>,
    #[content(audio(mime = clip_type))]
    voice: Vec<u8>,
    clip_type: MimeType,
}

/// Borrowed bytes: write-only by nature.
#[derive(Content)]
struct Borrowed<'a> {
    #[content(image(mime = "image/png"))]
    chart: &'a [u8],
    #[content(audio(mime = "audio/ogg"))]
    clip: [u8; 4],
}

fn main() {
    let media = Media {
        owned: vec![1],
        boxed: vec![2].into(),
        encoded: Base64Data::from_bytes(vec![3]),
        shared: bytes::Bytes::from_static(b"4"),
        clip: Cow::Borrowed(b"5"),
        voice: vec![6],
        clip_type: MimeType::new("audio/mpeg").unwrap(),
    };
    let _ = Media::from_content(&media.into_content());
    let _ = Borrowed { chart: b"png", clip: *b"ogg!" }.into_content();
}

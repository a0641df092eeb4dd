#![deny(warnings)] // the macros give the user no warning
//! Valid layouts at the edges: lists of images (and audio) told apart by their literal MIME
//! types, in either order, an `Option` image, and a lone `u8` as one text block (a number,
//! not a byte fanned out).
use mcp_content::{CallToolResult, Content, ContentBlock, FromContent, IntoCallToolResult};

#[derive(Content, Debug, PartialEq, Clone)]
struct Album {
    #[content(image(mime = "image/jpeg"))]
    jpegs: Vec<Vec<u8>>,
    #[content(image(mime = "image/png"))]
    cover: Option<Vec<u8>>,
    #[content(image(mime = "image/webp"))]
    thumbs: Vec<Box<[u8]>>,
    #[content(audio(mime = "audio/mpeg"))]
    songs: Vec<Vec<u8>>,
    #[content(audio(mime = "audio/wav"))]
    intro: Vec<u8>,
    #[content(text)]
    rating: u8,
}

fn main() {
    let album = Album {
        jpegs: vec![vec![1], vec![2]],
        cover: Some(vec![3]),
        thumbs: vec![vec![4u8].into_boxed_slice()],
        songs: vec![vec![5]],
        intro: vec![6],
        rating: 200,
    };
    let result: CallToolResult = album.clone().into_call_tool_result();
    let texts: Vec<&ContentBlock> = result
        .content
        .iter()
        .filter(|b| matches!(b, ContentBlock::Text(_)))
        .collect();
    assert_eq!(texts.len(), 1, "a u8 is one text block");
    assert_eq!(Album::from_call_tool_result(&result).unwrap(), album);
    let empty = Album { jpegs: vec![], cover: None, thumbs: vec![], songs: vec![], ..album };
    let result = empty.clone().into_call_tool_result();
    assert_eq!(Album::from_call_tool_result(&result).unwrap(), empty);
}

#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoContent, model::Uri};

/// Collections of what each kind takes fan out, one block per element.
#[derive(Content, Debug, PartialEq)]
struct Many {
    #[content(text)]
    lines: Vec<String>,
    #[content(image(mime = "image/png"))]
    frames: Vec<Box<[u8]>>,
    #[content(audio(mime = "audio/ogg"))]
    clips: Vec<Vec<u8>>,
    #[content(link)]
    refs: Vec<Uri>,
}

fn main() {
    let many = Many {
        lines: vec!["a".into(), "b".into()],
        frames: vec![vec![1_u8].into(), vec![2_u8, 3].into()],
        clips: vec![vec![4], vec![5], vec![6]],
        refs: vec![Uri::new("file:///r").unwrap()],
    };
    let blocks = many.into_content();
    assert_eq!(blocks.len(), 2 + 2 + 3 + 1);
    let back = Many::from_content(&blocks).unwrap();
    assert_eq!(back.lines, ["a", "b"]);
    assert_eq!(back.frames.len(), 2);
}

// The derive's code gives the user no warning, an enum without variants included.
#![deny(warnings)]

use mcp_content::{Content, FromContent, IntoCallToolResult, IntoContent, model::{MimeType, Uri}};

/// Every variant shape: tuple, named, unit, skipped; enum-level and variant-level attributes;
/// fields referenced by other attributes, by name or (in a tuple variant) as `_0`, `_1`.
#[derive(Content, Debug, PartialEq)]
#[content(annotations(audience = ["user"]), meta("com.example/source" = "ui"))]
enum Answer {
    Text(#[content(text)] String),
    Clip(#[content(audio(mime = _1))] Vec<u8>, MimeType),
    #[content(annotations(priority = 1.0), meta("com.example/kind" = "chart"))]
    Chart {
        #[content(image(mime = "image/png"), meta("com.example/alt" = caption))]
        png: Vec<u8>,
        caption: String,
    },
    File {
        #[content(resource(uri = "file:///{name}", mime = "application/octet-stream"))]
        data: Vec<u8>,
        name: String,
    },
    Links(
        #[content(link(name = "first"))] Uri,
        #[content(link(name = "more"))] Vec<Uri>,
        #[content(meta = "com.example/total")] u64,
    ),
    #[content(skip)]
    Pending {
        retries: u32,
    },
}

/// Generic enums derive the writing side.
#[derive(Content)]
enum Either<L: std::fmt::Display, R: std::fmt::Display> {
    Left(#[content(text)] L),
    Right(#[content(text)] R),
}

/// A layout that cannot be told apart on reading, written only.
#[derive(Content)]
#[content(write_only)]
enum Loose {
    Count(#[content(text)] u32),
    Word(#[content(text)] String),
}

/// No variants: nothing to write, nothing reads.
#[derive(Content)]
enum Never {}

fn main() {
    let blocks = Answer::Text("t".into()).into_content();
    let _ = Answer::from_content(&blocks);
    let _ = Answer::Pending { retries: 1 }.into_call_tool_result();
    let _ = Either::<u8, &str>::Left(1).into_content();
    let _ = Loose::Count(1).into_content();
    let _ = Loose::Word(String::new()).into_content();
    let _ = Never::from_content(&[]);
}

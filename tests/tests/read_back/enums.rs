//! Reading an enum back is as precise as reading a struct: a variant that cannot read the
//! content says why as a struct would (the variant's field still waiting for a block, the
//! kind and literal MIME type it expects, the MIME type it refused), and the error when no
//! variant reads the content lists each variant's reason, bounded in length.

use crate::read_every_way::read;
use mcp_content::Content;
use mcp_content::model::Uri;

fn content(blocks: &[&str]) -> String {
    format!(r#"{{"content":[{}]}}"#, blocks.join(","))
}

const TEXT: &str = r#"{"type":"text","text":"a"}"#;
const PNG: &str = r#"{"type":"image","data":"AQ==","mimeType":"image/png"}"#;
const JPEG: &str = r#"{"type":"image","data":"AQ==","mimeType":"image/jpeg"}"#;
const WAV: &str = r#"{"type":"audio","data":"AQ==","mimeType":"audio/wav"}"#;

#[derive(Content, Debug, PartialEq)]
enum Answer {
    Text(#[content(text)] String),
    Chart {
        #[content(image(mime = "image/png"))]
        png: Vec<u8>,
        #[content(text)]
        caption: String,
    },
}

#[test]
fn a_block_of_another_kind_names_each_variants_waiting_field_and_what_it_expects() {
    assert_eq!(
        read::<Answer>(&content(&[WAV])).unwrap_err().to_string(),
        "content: no variant of `Answer` reads it: \
         `Text`: content[0]: unexpected audio block: field `_0` expects a text block \
         and no field of `Answer::Text` is left to take an audio block; \
         `Chart`: content[0]: unexpected audio block: field `png` expects an image (image/png) block \
         and no field of `Answer::Chart` is left to take an audio block"
    );
    // A block another variant takes: the variant that left it says what it waited for.
    assert_eq!(
        read::<Answer>(&content(&[PNG, WAV]))
            .unwrap_err()
            .to_string(),
        "content: no variant of `Answer` reads it: \
         `Text`: content[0]: unexpected image block: field `_0` expects a text block \
         and no field of `Answer::Text` is left to take an image block; \
         `Chart`: content[1]: unexpected audio block: field `caption` expects a text block \
         and no field of `Answer::Chart` is left to take an audio block"
    );
}

#[test]
fn a_missing_block_names_the_variants_field_and_its_mime_type() {
    assert_eq!(
        read::<Answer>(&content(&[])).unwrap_err().to_string(),
        "content: no variant of `Answer` reads it: \
         `Text`: content: field `_0` expects a text block; found none; \
         `Chart`: content: field `png` expects an image (image/png) block; found none"
    );
    assert_eq!(
        read::<Answer>(&content(&[PNG])).unwrap_err().to_string(),
        "content: no variant of `Answer` reads it: \
         `Text`: content[0]: unexpected image block: field `_0` expects a text block \
         and no field of `Answer::Text` is left to take an image block; \
         `Chart`: content: field `caption` expects a text block; found none"
    );
    // In order, both blocks: the variant reads.
    assert_eq!(
        read::<Answer>(&content(&[PNG, TEXT])).unwrap(),
        Answer::Chart {
            png: vec![1],
            caption: "a".into()
        }
    );
}

#[derive(Content, Debug, PartialEq)]
enum Loose {
    Chart(#[content(image(mime = "image/png", any_mime))] Vec<u8>),
}

#[test]
fn a_variant_refuses_an_image_of_another_mime_type_naming_field_and_types() {
    let error = read::<Answer>(&content(&[JPEG, TEXT])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "content: no variant of `Answer` reads it: \
         `Text`: content[0]: unexpected image block: field `_0` expects a text block \
         and no field of `Answer::Text` is left to take an image block; \
         `Chart`: content[0].mimeType: field `png` declares MIME type image/png, found image/jpeg: \
         a field with a literal `mime` reads only image blocks of that type \
         (mark it `any_mime` to read an image of any type)"
    );

    assert_eq!(
        read::<Loose>(&content(&[JPEG])).unwrap(),
        Loose::Chart(vec![1])
    );
    // `any_mime` reads any image, and only images.
    assert_eq!(
        read::<Loose>(&content(&[WAV])).unwrap_err().to_string(),
        "content: no variant of `Loose` reads it: `Chart`: content[0]: unexpected audio block: \
         field `_0` expects an image block and no field of `Loose::Chart` is left to take an audio block"
    );
}

#[derive(Content, Debug, PartialEq)]
enum Document {
    Linked(#[content(link(name = "doc", mime = "application/pdf"))] Uri),
    #[content(skip)]
    Nothing,
}

#[test]
fn a_link_variant_names_its_literal_name_and_mime_type() {
    let other_name = r#"{"type":"resource_link","uri":"file:///a","name":"other"}"#;
    assert_eq!(
        read::<Document>(&content(&[other_name]))
            .unwrap_err()
            .to_string(),
        "content: no variant of `Document` reads it: \
         `Linked`: content[0]: unexpected resource_link block: field `_0` expects a resource_link \
         (named \"doc\", application/pdf) block and no field of `Document::Linked` is left to take a resource_link block; \
         `Nothing`: content[0]: unexpected resource_link block: no field of `Document::Nothing` is left to take it"
    );
    let other_mime =
        r#"{"type":"resource_link","uri":"file:///a","name":"doc","mimeType":"text/plain"}"#;
    assert!(
        read::<Document>(&content(&[other_mime]))
            .unwrap_err()
            .to_string()
            .contains(
                "`Linked`: content[0].mimeType: field `_0` declares MIME type application/pdf, found text/plain"
            )
    );
    assert_eq!(read::<Document>(&content(&[])).unwrap(), Document::Nothing);
}

/// A struct with a flattened enum and a field of its own after it.
#[derive(Content, Debug, PartialEq)]
struct Framed {
    #[content(text)]
    title: String,
    #[content(flatten)]
    answer: Answer,
    #[content(audio(mime = "audio/wav"))]
    clip: Option<Vec<u8>>,
}

#[test]
fn a_flattened_enum_reads_its_variant_and_names_its_fields() {
    let framed = content(&[TEXT, TEXT, PNG, WAV]);
    assert_eq!(
        read::<Framed>(&framed).unwrap(),
        Framed {
            title: "a".into(),
            answer: Answer::Chart {
                png: vec![1],
                caption: "a".into()
            },
            clip: Some(vec![1]),
        }
    );
    // The enum's blocks missing: the struct's own audio is read, the enum says why not.
    assert_eq!(
        read::<Framed>(&content(&[TEXT, WAV]))
            .unwrap_err()
            .to_string(),
        "content: no variant of `Answer` reads it: \
         `Text`: content: field `_0` expects a text block; found none; \
         `Chart`: content: field `png` expects an image (image/png) block; found none"
    );
    // The outer struct's literal MIME type is checked after the enum's blocks.
    let mp3 = r#"{"type":"audio","data":"AQ==","mimeType":"audio/mpeg"}"#;
    assert_eq!(
        read::<Framed>(&content(&[TEXT, TEXT, mp3]))
            .unwrap_err()
            .path(),
        "content[2].mimeType"
    );
}

/// Ten variants told apart by their link names.
#[derive(Content, Debug, PartialEq)]
enum Many {
    V0(#[content(link(name = "v0"))] Uri),
    V1(#[content(link(name = "v1"))] Uri),
    V2(#[content(link(name = "v2"))] Uri),
    V3(#[content(link(name = "v3"))] Uri),
    V4(#[content(link(name = "v4"))] Uri),
    V5(#[content(link(name = "v5"))] Uri),
    V6(#[content(link(name = "v6"))] Uri),
    V7(#[content(link(name = "v7"))] Uri),
    V8(#[content(link(name = "v8"))] Uri),
    V9(#[content(link(name = "v9"))] Uri),
}

#[test]
fn the_error_of_an_enum_of_many_variants_is_bounded() {
    let error = read::<Many>(&content(&[TEXT])).unwrap_err().to_string();
    assert_eq!(error.matches("unexpected text block").count(), 8, "{error}");
    assert!(error.contains("`V7`: content[0]"), "{error}");
    assert!(!error.contains("`V8`"), "{error}");
    assert!(error.ends_with("; and 2 more variants"), "{error}");

    let link =
        |name: &str| format!(r#"{{"type":"resource_link","uri":"file:///a","name":"{name}"}}"#);
    assert_eq!(
        read::<Many>(&content(&[&link("v9")])).unwrap(),
        Many::V9(Uri::new("file:///a").unwrap())
    );
}

#[test]
fn each_variants_reason_is_bounded() {
    #[derive(Content, Debug, PartialEq)]
    enum Long {
        Raw(
            #[content(resource(
                uri = "file:///aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.txt"
            ))]
            String,
        ),
    }
    let error = read::<Long>(&content(&[TEXT])).unwrap_err().to_string();
    // The long URI is cut where it is quoted; a reason is at most 300 characters and `…`.
    let reason = error.split_once("`Raw`: ").unwrap().1;
    assert!(reason.contains("aaaa`…) block"), "{error}");
    assert!(reason.chars().count() <= 301, "{error}");
}

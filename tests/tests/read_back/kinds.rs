//! Reading back refuses what the field did not write, for every kind of field (text, image,
//! audio, embedded text and blob resources, resource links) and every cardinality (one
//! block, an `Option`, a `Vec`), through every reader (the tool result borrowed and owned,
//! the blocks with the result's `_meta`):
//! - a block of another kind names the field that was waiting for it and what it expects;
//! - a block whose MIME type differs from the field's literal `mime` is refused, naming the
//!   field and both types, unless the field is marked `any_mime`.

use mcp_content::model::Uri;
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, ReadError,
    SerializeFor, read_json,
};

fn json<T: IntoCallToolResult>(value: T) -> String {
    String::from_utf8(
        value
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap()
}

/// The error of every reader for `json` (all the same), or its value (all equal).
fn read_all<T: FromContent + std::fmt::Debug + PartialEq>(json: &str) -> Result<T, ReadError> {
    let result: CallToolResult =
        read_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json} does not read: {e}"));
    let borrowed = T::from_call_tool_result(&result);
    let blocks = T::from_content_and_meta(&result.content, &result.meta);
    let owned = T::from_owned_call_tool_result(result);
    match (&borrowed, &blocks, &owned) {
        (Ok(a), Ok(b), Ok(c)) => assert!(a == b && b == c, "{a:?} {b:?} {c:?}"),
        (Err(a), Err(b), Err(c)) => {
            assert_eq!(a.to_string(), b.to_string());
            assert_eq!(a.to_string(), c.to_string());
        }
        _ => panic!("the readers disagree on {json}: {borrowed:?} {blocks:?} {owned:?}"),
    }
    borrowed
}

/// `from` (its `nth` occurrence) replaced by `to` in `json`.
fn replace_nth(json: &str, from: &str, nth: usize, to: &str) -> String {
    let at = json
        .match_indices(from)
        .nth(nth)
        .unwrap_or_else(|| panic!("{from} (#{nth}) not in {json}"))
        .0;
    format!("{}{to}{}", &json[..at], &json[at + from.len()..])
}

const AUDIO: &str = r#"{"type":"audio","data":"AQ==","mimeType":"audio/wav"}"#;
const TEXT: &str = r#"{"type":"text","text":"t"}"#;

/// One struct per kind and cardinality, with a field `field` and a `caption` text before it
/// (so the unexpected block is not the first). Each case: the value read back equal; a block
/// of another kind in the field's place; its MIME type changed (then `any_mime` reads it).
macro_rules! kind_cases {
    ($(
        $test:ident: [$($attr:tt)*] [$($any:tt)*] $ty:ty = $value:expr;
        expects $what:literal, mime $declared:literal at $part:literal;
    )*) => {$(
        #[test]
        fn $test() {
            #[derive(Content, Debug, PartialEq)]
            struct Subject {
                #[content(text)]
                caption: String,
                #[content($($attr)*)]
                field: $ty,
            }
            #[derive(Content, Debug, PartialEq)]
            struct Loose {
                #[content(text)]
                caption: String,
                #[content($($any)*)]
                field: $ty,
            }
            let subject = || Subject { caption: "c".into(), field: $value };
            let written = json(subject());
            assert_eq!(read_all::<Subject>(&written).unwrap(), subject());

            // A block of another kind where the field's (first) block is.
            let wrong = if $what == "an audio" { TEXT } else { AUDIO };
            let kind = if $what == "an audio" { "text" } else { "audio" };
            let mut value: serde_json::Value = serde_json::from_str(&written).unwrap();
            value["content"][1] = serde_json::from_str(wrong).unwrap();
            let replaced = value.to_string();
            let error = read_all::<Subject>(&replaced).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "content[1]: unexpected {kind} block: field `field` expects {} block \
                     and no field of `Subject` is left to take {} {kind} block",
                    // What the field expects, with its literal MIME type.
                    match $what.strip_suffix(')') {
                        Some(what) => format!("{what}, {})", $declared),
                        None => format!("{} ({})", $what, $declared),
                    },
                    if kind == "audio" { "an" } else { "a" },
                ),
                "{replaced}"
            );

            // The MIME type of its last block changed.
            // Another subtype of the same type: image blocks take only `image/*`.
            let declared = concat!("\"mimeType\":\"", $declared, "\"");
            let other = format!("{}/x-changed", $declared.split('/').next().unwrap());
            let count = written.matches(declared).count();
            let changed = replace_nth(&written, declared, count - 1, &format!("\"mimeType\":\"{other}\""));
            let error = read_all::<Subject>(&changed).unwrap_err();
            assert_eq!(error.path(), format!("content[{count}]{}", $part), "{changed}");
            assert!(
                error.detail().starts_with(&format!(
                    "field `field` declares MIME type {}, found {other}: \
                     a field with a literal `mime` reads only ",
                    $declared
                )),
                "{error}"
            );
            assert!(error.detail().contains("mark it `any_mime`"), "{error}");
            // Marked `any_mime`, the same content reads back.
            let loose = read_all::<Loose>(&changed).unwrap();
            assert_eq!(json(loose), json(Loose { caption: "c".into(), field: $value }));
        }
    )*};
}

fn uri(text: &str) -> Uri {
    Uri::new(text).unwrap()
}

kind_cases! {
    image_one: [image(mime = "image/png")] [image(mime = "image/png", any_mime)]
        Vec<u8> = vec![1, 2];
        expects "an image", mime "image/png" at ".mimeType";
    image_option: [image(mime = "image/png")] [image(mime = "image/png", any_mime)]
        Option<Vec<u8>> = Some(vec![1]);
        expects "an image", mime "image/png" at ".mimeType";
    image_vec: [image(mime = "image/png")] [image(mime = "image/png", any_mime)]
        Vec<Vec<u8>> = vec![vec![1], vec![2]];
        expects "an image", mime "image/png" at ".mimeType";
    audio_one: [audio(mime = "audio/wav")] [audio(mime = "audio/wav", any_mime)]
        Vec<u8> = vec![1, 2];
        expects "an audio", mime "audio/wav" at ".mimeType";
    audio_option: [audio(mime = "audio/wav")] [audio(mime = "audio/wav", any_mime)]
        Option<Vec<u8>> = Some(vec![1]);
        expects "an audio", mime "audio/wav" at ".mimeType";
    audio_vec: [audio(mime = "audio/wav")] [audio(mime = "audio/wav", any_mime)]
        Vec<Vec<u8>> = vec![vec![1], vec![2]];
        expects "an audio", mime "audio/wav" at ".mimeType";
    blob_one: [resource(uri = "file:///a.bin", mime = "application/zip", blob)]
        [resource(uri = "file:///a.bin", mime = "application/zip", blob, any_mime)]
        Vec<u8> = vec![1, 2];
        expects "a resource (`file:///a.bin`)", mime "application/zip" at ".resource.mimeType";
    blob_option: [resource(uri = "file:///a.bin", mime = "application/zip", blob)]
        [resource(uri = "file:///a.bin", mime = "application/zip", blob, any_mime)]
        Option<Vec<u8>> = Some(vec![1]);
        expects "a resource (`file:///a.bin`)", mime "application/zip" at ".resource.mimeType";
    blob_vec: [resource(uri = "file:///a.bin", mime = "application/zip", blob)]
        [resource(uri = "file:///a.bin", mime = "application/zip", blob, any_mime)]
        Vec<Vec<u8>> = vec![vec![1], vec![2]];
        expects "a resource (`file:///a.bin`)", mime "application/zip" at ".resource.mimeType";
    text_resource_one: [resource(uri = "file:///a.csv", mime = "text/csv")]
        [resource(uri = "file:///a.csv", mime = "text/csv", any_mime)]
        String = "a,b".into();
        expects "a resource (`file:///a.csv`)", mime "text/csv" at ".resource.mimeType";
    text_resource_option: [resource(uri = "file:///a.csv", mime = "text/csv")]
        [resource(uri = "file:///a.csv", mime = "text/csv", any_mime)]
        Option<String> = Some("a,b".into());
        expects "a resource (`file:///a.csv`)", mime "text/csv" at ".resource.mimeType";
    text_resource_vec: [resource(uri = "file:///a.csv", mime = "text/csv")]
        [resource(uri = "file:///a.csv", mime = "text/csv", any_mime)]
        Vec<String> = vec!["a".into(), "b".into()];
        expects "a resource (`file:///a.csv`)", mime "text/csv" at ".resource.mimeType";
    link_one: [link(name = "doc", mime = "application/pdf")]
        [link(name = "doc", mime = "application/pdf", any_mime)]
        Uri = uri("file:///a.pdf");
        expects "a resource_link (named \"doc\")", mime "application/pdf" at ".mimeType";
    link_option: [link(name = "doc", mime = "application/pdf")]
        [link(name = "doc", mime = "application/pdf", any_mime)]
        Option<Uri> = Some(uri("file:///a.pdf"));
        expects "a resource_link (named \"doc\")", mime "application/pdf" at ".mimeType";
    link_vec: [link(name = "doc", mime = "application/pdf")]
        [link(name = "doc", mime = "application/pdf", any_mime)]
        Vec<Uri> = vec![uri("file:///a.pdf"), uri("file:///b.pdf")];
        expects "a resource_link (named \"doc\")", mime "application/pdf" at ".mimeType";
}

#[test]
fn a_block_of_another_kind_for_a_text_field_names_it() {
    #[derive(Content, Debug, PartialEq)]
    struct Notes {
        #[content(image(mime = "image/png"))]
        chart: Vec<u8>,
        #[content(text)]
        lines: Vec<String>,
    }
    let json = format!(
        r#"{{"content":[{{"type":"image","data":"AQ==","mimeType":"image/png"}},{AUDIO}]}}"#
    );
    assert_eq!(
        read_all::<Notes>(&json).unwrap_err().to_string(),
        "content[1]: unexpected audio block: field `lines` expects a text block \
         and no field of `Notes` is left to take an audio block"
    );
}

#[test]
fn a_field_that_must_have_its_block_is_named_before_an_open_one() {
    #[derive(Content, Debug, PartialEq)]
    struct Report {
        #[content(image(mime = "image/png"))]
        pages: Vec<Vec<u8>>,
        #[content(text)]
        summary: String,
    }
    let json = format!(r#"{{"content":[{AUDIO}]}}"#);
    assert_eq!(
        read_all::<Report>(&json).unwrap_err().to_string(),
        "content[0]: unexpected audio block: field `summary` expects a text block \
         and no field of `Report` is left to take an audio block"
    );
}

#[test]
fn a_link_of_the_literal_mime_type_in_other_spellings_or_without_one_is_read() {
    #[derive(Content, Debug, PartialEq)]
    struct Doc {
        #[content(link(name = "doc", mime = "application/pdf"))]
        doc: Uri,
    }
    let doc = || Doc {
        doc: uri("file:///a.pdf"),
    };
    let written = json(doc());
    for spelling in [
        r#""mimeType":"Application/PDF""#,
        r#""mimeType":"application/pdf; x=1""#,
    ] {
        let changed = written.replacen(r#""mimeType":"application/pdf""#, spelling, 1);
        assert_eq!(read_all::<Doc>(&changed).unwrap(), doc());
    }
    // A link that names no MIME type contradicts nothing.
    let changed = written.replacen(r#","mimeType":"application/pdf""#, "", 1);
    assert_eq!(read_all::<Doc>(&changed).unwrap(), doc());
}

//! Reading derived types back at edges `read_back/rules.rs` does not walk: a block of another
//! kind for audio, link and fanned-out fields, in structs and enums; the MIME type of audio
//! against its literal (and the spellings of one MIME type); sources that disagree across a
//! `_meta` value and an annotation; template variables that need encoding, with a reserved
//! expansion before a query, read back equal.

use mcp_content::model::{MimeType, Priority, Uri};
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor,
    read_json,
};

fn tampered<T: IntoCallToolResult>(value: T, from: &str, to: &str) -> CallToolResult {
    let json = String::from_utf8(
        value
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2025_11_25),
    )
    .unwrap();
    assert!(json.contains(from), "{from} not in {json}");
    read_json(json.replacen(from, to, 1).as_bytes()).unwrap()
}

#[derive(Content, Debug, PartialEq)]
struct Voice {
    #[content(text)]
    caption: String,
    #[content(audio(mime = "audio/wav"))]
    clip: Vec<u8>,
    #[content(link(name = "transcript"))]
    transcript: Uri,
}

fn voice() -> Voice {
    Voice {
        caption: "hello".into(),
        clip: vec![1, 2, 3],
        transcript: Uri::new("file:///t.txt").unwrap(),
    }
}

#[test]
fn a_block_of_another_kind_names_the_waiting_field_for_audio_and_links() {
    let result = tampered(
        voice(),
        r#"{"type":"audio","data":"AQID","mimeType":"audio/wav"}"#,
        r#"{"type":"image","data":"AQID","mimeType":"image/png"}"#,
    );
    let error = Voice::from_call_tool_result(&result).unwrap_err();
    assert_eq!(error.path(), "content[1]", "{error}");
    assert!(error.to_string().contains("field `clip`"), "{error}");
    assert!(error.to_string().contains("audio"), "{error}");

    let result = tampered(
        voice(),
        r#"{"type":"resource_link","uri":"file:///t.txt","name":"transcript"}"#,
        r#"{"type":"text","text":"file:///t.txt"}"#,
    );
    let error = Voice::from_call_tool_result(&result).unwrap_err();
    assert_eq!(error.path(), "content[2]", "{error}");
    assert!(error.to_string().contains("field `transcript`"), "{error}");
    assert!(
        error.to_string().contains("resource_link") || error.to_string().contains("link"),
        "{error}"
    );
}

#[derive(Content, Debug, PartialEq)]
enum Shape {
    Square(#[content(text)] String),
    Picture(#[content(image(mime = "image/png"))] Vec<u8>),
}

#[test]
fn an_enum_given_a_block_no_variant_takes_says_so() {
    let result = CallToolResult::new(vec![mcp_content::ContentBlock::from(
        mcp_content::model::ImageContent::new(vec![1], MimeType::new("image/gif").unwrap())
            .unwrap(),
    )]);
    let error = Shape::from_call_tool_result(&result).unwrap_err();
    assert!(error.path().starts_with("content"), "{error}");
    assert!(error.to_string().contains("image/gif"), "{error}");
    let png = Shape::Picture(vec![9]);
    assert_eq!(
        Shape::from_call_tool_result(&png.into_call_tool_result()).unwrap(),
        Shape::Picture(vec![9])
    );
}

#[test]
fn an_audio_of_another_mime_type_than_the_literal_is_refused() {
    let result = tampered(voice(), "audio/wav", "audio/mpeg");
    let error = Voice::from_call_tool_result(&result).unwrap_err();
    assert_eq!(error.path(), "content[1].mimeType", "{error}");
    assert!(error.to_string().contains("audio/mpeg"), "{error}");
    assert!(error.to_string().contains("audio/wav"), "{error}");
}

/// MIME types compare case-insensitively (RFC 6838): another spelling of the literal is the
/// same type.
#[test]
fn another_spelling_of_the_literal_mime_type_is_the_same_type() {
    let result = tampered(voice(), "audio/wav", "Audio/WAV");
    assert_eq!(Voice::from_call_tool_result(&result).unwrap(), voice());
}

#[test]
fn a_meta_value_and_an_annotation_from_one_field_that_disagree_are_refused() {
    #[derive(Content, Debug, PartialEq)]
    struct Ranked {
        #[content(text, annotations(priority = weight))]
        body: String,
        #[content(meta = "com.example/weight")]
        weight: Priority,
    }
    let ranked = || Ranked {
        body: "b".into(),
        weight: Priority::new(0.25).unwrap(),
    };
    assert_eq!(
        Ranked::from_call_tool_result(&ranked().into_call_tool_result()).unwrap(),
        ranked()
    );
    let result = tampered(
        ranked(),
        r#""com.example/weight":0.25"#,
        r#""com.example/weight":0.75"#,
    );
    let error = Ranked::from_call_tool_result(&result).unwrap_err();
    assert!(error.to_string().contains("field `weight`"), "{error}");
    assert!(error.to_string().contains("disagree"), "{error}");
}

#[test]
fn template_variables_that_need_encoding_read_back_equal() {
    #[derive(Content, Debug, PartialEq)]
    struct Stored {
        #[content(resource(uri = "store://{bucket}/{+key}{?version}"))]
        body: String,
        bucket: String,
        key: String,
        version: Option<u32>,
    }
    for (bucket, key, version) in [
        ("a b", "x/y z/%41", Some(3)),
        ("ümlaut?#", "dir/", None),
        ("", "{}", Some(0)),
    ] {
        let stored = Stored {
            body: "b".into(),
            bucket: bucket.into(),
            key: key.into(),
            version,
        };
        let result = stored.into_call_tool_result();
        let back = Stored::from_call_tool_result(&result)
            .unwrap_or_else(|e| panic!("{bucket:?} {key:?}: {e}"));
        assert_eq!(back.bucket, bucket);
        assert_eq!(back.key, key);
        assert_eq!(back.version, version);
    }
}

#[test]
fn fanned_out_images_take_only_images() {
    #[derive(Content, Debug, PartialEq)]
    struct Album {
        #[content(image(mime = "image/png"))]
        pages: Vec<Vec<u8>>,
        #[content(text)]
        note: String,
    }
    let album = Album {
        pages: vec![vec![1], vec![2]],
        note: "n".into(),
    };
    let blocks = album.into_content();
    let back = Album::from_content(&blocks).unwrap();
    assert_eq!(back.pages.len(), 2);
    // A second text where the images are.
    let mut swapped = blocks.clone();
    swapped[1] = mcp_content::ContentBlock::text("page two");
    let error = Album::from_content(&swapped).unwrap_err();
    assert_eq!(error.path(), "content[2]", "{error}");
}

use mcp_content::IntoContent;

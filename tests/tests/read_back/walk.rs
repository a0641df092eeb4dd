//! The read-back class walked edge by edge: a value moved to another of the three `_meta`
//! places, annotations moved off their block, an embedded resource of the other body, blocks
//! missing, extra or in another order, `Option` and `Vec` fields with none, one and many
//! blocks, and a flattened struct. Each is read exactly (the same value back) or refused with
//! the JSON path and what was expected.

use crate::read_every_way::read;
use mcp_content::model::Priority;
use mcp_content::{Content, IntoCallToolResult, ProtocolVersion, SerializeFor};

fn json<T: IntoCallToolResult>(value: T) -> String {
    String::from_utf8(
        value
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap()
}

fn replace(json: &str, from: &str, to: &str) -> String {
    assert!(json.contains(from), "{from} not in {json}");
    json.replacen(from, to, 1)
}

/// A value in each `_meta` place and in a block's annotations.
#[derive(Content, Debug, PartialEq)]
#[content(meta("com.example/run" = run))]
struct Placed {
    #[content(text, meta("com.example/id" = id))]
    title: String,
    id: u32,
    #[content(
        resource(uri = "file:///r.txt"),
        resource_meta("com.example/rev" = rev),
        annotations(priority = priority)
    )]
    raw: String,
    rev: u32,
    priority: Priority,
    run: u32,
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
}

fn placed() -> Placed {
    Placed {
        title: "t".into(),
        id: 1,
        raw: "r".into(),
        rev: 2,
        priority: Priority::new(0.5).unwrap(),
        run: 3,
        png: vec![1],
    }
}

#[test]
fn a_meta_value_is_read_from_its_own_place_and_refused_from_another() {
    let written = json(placed());
    assert_eq!(
        written,
        r#"{"content":[{"type":"text","text":"t","_meta":{"com.example/id":1}},{"type":"resource","resource":{"uri":"file:///r.txt","text":"r","_meta":{"com.example/rev":2}},"annotations":{"priority":0.5}},{"type":"image","data":"AQ==","mimeType":"image/png"}],"_meta":{"com.example/run":3},"resultType":"complete"}"#
    );
    assert_eq!(read::<Placed>(&written).unwrap(), placed());
    let cases = [
        // The block's own `_meta` entry moved to the result's `_meta`.
        (
            replace(
                &replace(&written, r#","_meta":{"com.example/id":1}"#, ""),
                r#"{"com.example/run":3}"#,
                r#"{"com.example/run":3,"com.example/id":1}"#,
            ),
            "field `id` is missing: expected it in the _meta.com.example/id of the block of field `title`",
        ),
        // The contents' `_meta` entry moved to the embedded block's envelope.
        (
            replace(
                &written,
                r#","_meta":{"com.example/rev":2}},"annotations""#,
                r#"},"_meta":{"com.example/rev":2},"annotations""#,
            ),
            "field `rev` is missing: expected it in the resource._meta.com.example/rev of the block of field `raw`",
        ),
        // The result's `_meta` entry moved into a block's envelope.
        (
            replace(
                &replace(&written, r#","_meta":{"com.example/run":3}"#, ""),
                r#""mimeType":"image/png"}"#,
                r#""mimeType":"image/png","_meta":{"com.example/run":3}}"#,
            ),
            "field `run` is missing: expected it in the result's _meta.com.example/run",
        ),
    ];
    for (moved, detail) in cases {
        let error = read::<Placed>(&moved).unwrap_err();
        assert_eq!(
            (error.path(), error.detail()),
            ("content", detail),
            "{moved}"
        );
    }
}

#[test]
fn annotations_are_read_from_the_block_and_refused_from_elsewhere() {
    let written = json(placed());
    let off_block = replace(&written, r#","annotations":{"priority":0.5}"#, "");
    let moved = [
        // Inside the embedded contents (annotations sit on the block, never in `resource`).
        replace(
            &off_block,
            r#""text":"r""#,
            r#""text":"r","annotations":{"priority":0.5}"#,
        ),
        // On the result.
        replace(
            &off_block,
            r#""resultType""#,
            r#""annotations":{"priority":0.5},"resultType""#,
        ),
        // On another block.
        replace(
            &off_block,
            r#""mimeType":"image/png""#,
            r#""mimeType":"image/png","annotations":{"priority":0.5}"#,
        ),
    ];
    for moved in moved {
        let error = read::<Placed>(&moved).unwrap_err();
        assert_eq!(
            error.to_string(),
            "content: field `priority` is missing: expected it in the annotations.priority of the block of field `raw`",
            "{moved}"
        );
    }
}

#[test]
fn an_embedded_resource_of_the_other_body_is_refused() {
    #[derive(Content, Debug, PartialEq)]
    struct Bodies {
        #[content(resource(uri = "file:///t.txt"))]
        text: String,
        #[content(resource(uri = "file:///b.bin"))]
        blob: Vec<u8>,
    }
    let written = json(Bodies {
        text: "r".into(),
        blob: vec![1],
    });
    let blob_for_text = replace(&written, r#""text":"r""#, r#""blob":"cg==""#);
    assert_eq!(
        read::<Bodies>(&blob_for_text).unwrap_err().to_string(),
        "content[0].resource: field `text` expects text contents, found blob"
    );
    let text_for_blob = replace(&written, r#""blob":"AQ==""#, r#""text":"AQ==""#);
    assert_eq!(
        read::<Bodies>(&text_for_blob).unwrap_err().to_string(),
        "content[1].resource: field `blob` expects blob contents, found text"
    );
}

#[test]
fn a_missing_or_extra_block_is_refused_and_other_kinds_are_read_in_any_order() {
    let written = json(placed());
    let no_image = replace(
        &written,
        r#",{"type":"image","data":"AQ==","mimeType":"image/png"}"#,
        "",
    );
    assert_eq!(
        read::<Placed>(&no_image).unwrap_err().to_string(),
        "content: field `png` expects an image (image/png) block; found none"
    );
    let two_images = replace(
        &written,
        r#"{"type":"image","data":"AQ==","mimeType":"image/png"}"#,
        r#"{"type":"image","data":"AQ==","mimeType":"image/png"},{"type":"image","data":"Ag==","mimeType":"image/png"}"#,
    );
    assert_eq!(
        read::<Placed>(&two_images).unwrap_err().to_string(),
        "content[3]: unexpected image block: no field of `Placed` is left to take it"
    );
    // Blocks are taken by kind, each by the first field of its kind with room: the image
    // before the text is still the image field's, and the value is the one written.
    let image_first = format!(
        r#"{{"content":[{{"type":"image","data":"AQ==","mimeType":"image/png"}},{}],"_meta":{{"com.example/run":3}}}}"#,
        &written[written.find(r#"{"type":"text""#).unwrap()
            ..written.find(r#",{"type":"image""#).unwrap()]
    );
    assert_eq!(read::<Placed>(&image_first).unwrap(), placed());
}

#[derive(Content, Debug, PartialEq)]
struct Inner {
    #[content(text)]
    a: String,
    #[content(image(mime = "image/png"))]
    b: Option<Vec<u8>>,
}

#[derive(Content, Debug, PartialEq)]
struct Nest {
    #[content(flatten)]
    inner: Inner,
    #[content(text)]
    c: Vec<String>,
}

#[test]
fn options_and_lists_with_none_one_and_many_blocks_in_a_flattened_struct() {
    let cases = [
        (None, vec![]),
        (Some(vec![1]), vec![]),
        (None, vec!["x".to_owned()]),
        (
            Some(vec![1, 2]),
            vec!["x".to_owned(), "y".to_owned(), "z".to_owned()],
        ),
    ];
    for (b, c) in cases {
        let nest = || Nest {
            inner: Inner {
                a: "a".into(),
                b: b.clone(),
            },
            c: c.clone(),
        };
        let written = json(nest());
        assert_eq!(read::<Nest>(&written).unwrap(), nest(), "{written}");
    }
    let text = r#"{"type":"text","text":"a"}"#;
    let refused = [
        (
            vec![],
            "content: field `a` expects a text block; found none",
        ),
        (
            vec![
                text,
                r#"{"type":"audio","data":"AQ==","mimeType":"audio/wav"}"#,
            ],
            "content[1]: unexpected audio block: field `b` expects an image (image/png) block \
             and no field of `Nest` is left to take an audio block",
        ),
        (
            vec![
                text,
                r#"{"type":"image","data":"AQ==","mimeType":"image/gif"}"#,
            ],
            "content[1].mimeType: field `b` declares MIME type image/png, found image/gif: \
             a field with a literal `mime` reads only image blocks of that type \
             (mark it `any_mime` to read an image of any type)",
        ),
        (
            vec![
                text,
                r#"{"type":"image","data":"AQ==","mimeType":"image/png"}"#,
                r#"{"type":"image","data":"AQ==","mimeType":"image/png"}"#,
            ],
            "content[2]: unexpected image block: field `c` expects a text block \
             and no field of `Nest` is left to take an image block",
        ),
    ];
    for (blocks, error) in refused {
        let json = format!(r#"{{"content":[{}]}}"#, blocks.join(","));
        assert_eq!(
            read::<Nest>(&json).unwrap_err().to_string(),
            error,
            "{json}"
        );
    }
}

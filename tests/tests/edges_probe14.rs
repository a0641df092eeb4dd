//! Wire classes of issue 11 found open by a fourth hostile-peer probe: literal
//! `last_modified` annotations read back as instants (`Z`, `+00:00`, other offsets and the
//! basic format name one instant); a `structured` enum read from `structuredContent` alone
//! still checks the result's `_meta` as the variant's layout says (its literal entries, and
//! a field's entry that is present).

use mcp_content::{CallToolResult, Content, FromContent, IntoCallToolResult, Validate, read_json};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

const REST: &str =
    "(a block or result is read only when it carries the literal values its attributes write)";

/// Reads `json` as `T` from the whole result, from its blocks and `_meta`, and owned: the
/// same value or the same error.
fn read<T: FromContent + std::fmt::Debug + PartialEq>(json: &str) -> Result<T, String> {
    let result: CallToolResult =
        read_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json} does not read: {e}"));
    let borrowed = T::from_call_tool_result(&result).map_err(|e| e.to_string());
    let owned = T::from_owned_call_tool_result(result).map_err(|e| e.to_string());
    assert_eq!(borrowed, owned, "{json}");
    borrowed
}

#[derive(Content, Debug, PartialEq, Clone)]
struct Stamped {
    #[content(text, annotations(last_modified = "2025-01-12T15:00:58Z"))]
    note: String,
}

#[derive(Content, Debug, PartialEq)]
struct Midnight {
    #[content(text, annotations(last_modified = "2025-01-13T00:00:00Z"))]
    note: String,
}

fn stamped(last_modified: &str) -> String {
    format!(
        r#"{{"content":[{{"type":"text","text":"a","annotations":{{"lastModified":"{last_modified}"}}}}]}}"#
    )
}

/// A literal `last_modified` is an instant: every spelling of it reads back (another
/// offset, `+00:00` and `-00:00` for `Z`, lower case, the basic format, fractions of zero,
/// reduced precision, `24:00` of the day before); another instant, a date and a local time
/// (which name none) are refused naming the literal and what was found.
#[test]
fn a_literal_last_modified_compares_as_an_instant() {
    let same = [
        "2025-01-12T15:00:58Z",
        "2025-01-12T15:00:58+00:00",
        "2025-01-12T15:00:58-00:00",
        "2025-01-12t15:00:58z",
        "2025-01-12T17:00:58+02:00",
        "2025-01-12T17:00:58+02",
        "2025-01-12T17:00:58+0200",
        "2025-01-12T10:30:58-04:30",
        "2025-01-13T00:00:58+09:00",
        "20250112T150058Z",
        "20250112T170058+0200",
        "2025-01-12T15:00:58.000Z",
        "2025-01-12T15:00:58,0Z",
        "2025-01-12T15:00:58.000000000000Z",
        "2025-W02-7T15:00:58Z",
        "2025-012T15:00:58Z",
    ];
    for text in same {
        assert_eq!(
            read::<Stamped>(&stamped(text)),
            Ok(Stamped { note: "a".into() }),
            "{text}"
        );
    }
    for text in [
        "2025-01-12T24:00:00Z",
        "2025-01-12T24:00Z",
        "2025-01-13T00Z",
        "2025-01-13T01+01",
        "2025-01-12T24:00:00.000Z",
    ] {
        assert!(read::<Midnight>(&stamped(text)).is_ok(), "{text}");
    }
    let other = [
        "2025-01-12T15:00:59Z",
        "2025-01-12T15:00:58.001Z",
        "2025-01-12T15:00:58+02:00",
        "2025-01-12T15:00:58",
        "2025-01-12",
        "2025-W02-7",
        "2025-01-12T15Z",
        "2025",
    ];
    for text in other {
        assert_eq!(
            read::<Stamped>(&stamped(text)).unwrap_err(),
            format!(
                "content[0].annotations.lastModified: field `note` declares lastModified \
                 \"2025-01-12T15:00:58Z\", found {text:?} {REST}"
            )
        );
    }
    // What is written reads back, and its spelling is the literal's.
    let written = Stamped { note: "b".into() }.into_call_tool_result();
    assert_eq!(
        written.content[0]
            .annotations()
            .and_then(|a| a.last_modified.as_ref())
            .map(mcp_content::Timestamp::as_str),
        Some("2025-01-12T15:00:58Z")
    );
    assert_eq!(
        Stamped::from_call_tool_result(&written),
        Ok(Stamped { note: "b".into() })
    );
}

/// `Timestamp::instant`: the instant of a date-time with an offset in any ISO 8601
/// spelling; none for a date or a local time.
#[test]
fn a_timestamp_names_its_instant_in_every_spelling() {
    let instant = |text: &str| mcp_content::Timestamp::new(text).unwrap().instant();
    let noon = instant("2025-01-12T12:00:00Z").unwrap();
    for text in [
        "2025-01-12T12:00:00+00:00",
        "2025-01-12T14:00+02:00",
        "2025-01-12T14+02",
        "20250112T1400+0200",
        "2025-01-12T12:00:00.0Z",
        "2025-01-12T12Z",
        "2025-01-12T11:30\u{2212}00:30",
        "2025-01-12T11.5-00:30",
    ] {
        assert_eq!(instant(text), Some(noon), "{text}");
    }
    assert_eq!(
        instant("2025-01-11T24:00Z"),
        instant("2025-01-12T00:00:00Z")
    );
    for text in [
        "2025-01-12",
        "2025-01-12T12:00:00",
        "2025-W02",
        "2025-01",
        "2025-012",
    ] {
        assert_eq!(instant(text), None, "{text}");
    }
}

#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq, Clone)]
#[content(structured, meta("com.example/source" = "probe"))]
enum Kinded {
    #[content(meta("com.example/kind" = "a"))]
    A { x: u32 },
    #[content(meta("com.example/kind" = "b"))]
    B { y: u32 },
    #[content(meta("com.example/kind" = "c"))]
    C {
        #[content(meta = "com.example/run")]
        run: u32,
        #[content(text)]
        note: String,
    },
}

/// A `structured` enum read from `structuredContent` alone (no block, or only the JSON
/// copy) checks the result's `_meta` as the variant's layout says: the enum's and the
/// variant's literal entries must be there with their values, and a field's entry that is
/// there must agree with `structuredContent`; one that is absent is taken from there.
#[test]
fn a_structured_enum_read_from_structured_content_alone_checks_the_variants_meta() {
    for value in [
        Kinded::A { x: 1 },
        Kinded::B { y: 2 },
        Kinded::C {
            run: 3,
            note: "n".into(),
        },
    ] {
        let written = value.clone().into_call_tool_result();
        assert_eq!(Kinded::from_call_tool_result(&written), Ok(value.clone()));
        // Only structuredContent and the result's _meta: the same value.
        let mut alone = written.clone();
        alone.content.clear();
        assert_eq!(Kinded::from_call_tool_result(&alone), Ok(value));
    }
    let a = r#""structuredContent":{"A":{"x":1}}"#;
    let copy = r#"{"type":"text","text":"{\"A\":{\"x\":1}}"}"#;
    for content in ["", copy] {
        let doc = |meta: &str| format!(r#"{{"content":[{content}],{a},"_meta":{{{meta}}}}}"#);
        assert_eq!(
            read::<Kinded>(&doc(
                r#""com.example/source":"probe","com.example/kind":"a""#
            )),
            Ok(Kinded::A { x: 1 })
        );
        // The variant's literal: another value, or none.
        for (meta, found) in [
            (
                r#""com.example/source":"probe","com.example/kind":"b""#,
                r#""b""#,
            ),
            (r#""com.example/source":"probe""#, "none"),
        ] {
            let error = read::<Kinded>(&doc(meta)).unwrap_err();
            assert!(
                error.starts_with("content: no variant of `Kinded` reads it: `A`: _meta.com.example/kind: `Kinded::A` declares _meta entry \"com.example/kind\" \"a\", found ")
                    && error.contains(&format!("found {found} {REST}")),
                "{content} {meta}: {error}"
            );
        }
        // The enum's literal.
        let error = read::<Kinded>(&doc(
            r#""com.example/kind":"a","com.example/source":"other""#,
        ))
        .unwrap_err();
        assert!(
            error
                .contains("declares _meta entry \"com.example/source\" \"probe\", found \"other\""),
            "{error}"
        );
    }
    // A field's entry: absent is taken from structuredContent, present must agree.
    let c = |meta: &str| {
        format!(
            r#"{{"content":[],"structuredContent":{{"C":{{"run":3,"note":"n"}}}},"_meta":{{"com.example/source":"probe","com.example/kind":"c"{meta}}}}}"#
        )
    };
    let value = Kinded::C {
        run: 3,
        note: "n".into(),
    };
    assert_eq!(read::<Kinded>(&c("")), Ok(value.clone()));
    assert_eq!(read::<Kinded>(&c(r#","com.example/run":3"#)), Ok(value));
    let error = read::<Kinded>(&c(r#","com.example/run":4"#)).unwrap_err();
    assert!(
        error.starts_with("structuredContent") && error.contains("(3)") && error.contains("(4)"),
        "{error}"
    );
}

#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq, Clone)]
#[content(structured)]
struct Run {
    #[content(meta = "com.example/run")]
    run: u32,
    x: u32,
}

/// A `structured` struct read from `structuredContent` alone: a field's `_meta` entry that
/// disagrees with `structuredContent` is refused naming both places (it was ignored).
#[test]
fn a_structured_struct_read_from_structured_content_alone_compares_its_meta_fields() {
    let doc =
        |meta: &str| format!(r#"{{"content":[],"structuredContent":{{"run":1,"x":2}}{meta}}}"#);
    let value = Run { run: 1, x: 2 };
    assert_eq!(read::<Run>(&doc("")), Ok(value.clone()));
    assert_eq!(
        read::<Run>(&doc(r#","_meta":{"com.example/run":1}"#)),
        Ok(value)
    );
    assert_eq!(
        read::<Run>(&doc(r#","_meta":{"com.example/run":3}"#)).unwrap_err(),
        "structuredContent.run: `run` is read from two places that disagree: \
         structuredContent.run (1) and _meta[\"com.example/run\"] (3) (a `structured` type \
         writes each field to structuredContent and to its own place, so they must be equal)"
    );
    let error = read::<Run>(&doc(r#","_meta":{"com.example/run":"1"}"#)).unwrap_err();
    assert!(
        error.starts_with("_meta.com.example/run: field `run`: cannot read \"1\" as u32"),
        "{error}"
    );
}

fn part_block(json: &str) -> Result<mcp_content::ContentBlock, String> {
    let part: mcp_content::convert::Part =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
    mcp_content::convert::part_to_block(part).map_err(|e| format!("{}: {e}", e.path()))
}

/// Parts that carry what their block has no place for, and the path of the refusal.
const REFUSED_PARTS: [(&str, &str); 23] = [
    (
        r#"{"text":"a","metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
        "metadata.mcp.icons",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"resource":{"uri":"a:b"}}}}"#,
        "metadata.mcp.resource",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"type":"image"}}}"#,
        "metadata.mcp.type",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"annotation":{"priority":1}}}}"#,
        "metadata.mcp.annotation",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"extra":{"type":"image"}}}}"#,
        "metadata.mcp.extra.type",
    ),
    (
        r#"{"text":"a","metadata":{"mcp":{"extra":{"text":"b"}}}}"#,
        "metadata.mcp.extra.text",
    ),
    (
        r#"{"media":{"url":"data:image/png;base64,AAAA"},"metadata":{"mcp":{"extra":{"mimeType":"image/gif"}}}}"#,
        "metadata.mcp.extra.mimeType",
    ),
    (
        r#"{"media":{"url":"data:audio/wav;base64,AAAA"},"metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
        "metadata.mcp.icons",
    ),
    (
        r#"{"media":{"url":"data:image/png;base64,AAAA","contentType":"image/jpeg"}}"#,
        "media.contentType",
    ),
    (
        r#"{"media":{"url":"data:image/png;base64,AAAA","contentType":"audio/wav"}}"#,
        "media.contentType",
    ),
    (
        r#"{"media":{"url":"data:application/pdf;base64,AAAA","contentType":"text/plain"},"metadata":{"mcp":{"resource":{"uri":"a:b"}}}}"#,
        "media.contentType",
    ),
    (
        r#"{"media":{"url":"data:application/pdf;base64,AAAA"},"metadata":{"mcp":{"resource":{"uri":"a:b","extra":{"blob":"AAAA"}}}}}"#,
        "metadata.mcp.resource.extra.blob",
    ),
    (
        r#"{"media":{"url":"data:application/pdf;base64,AAAA"},"metadata":{"mcp":{"resource":{"uri":"a:b","text":"x"}}}}"#,
        "metadata.mcp.resource.text",
    ),
    (
        r#"{"media":{"url":"data:application/pdf;base64,AAAA"},"metadata":{"mcp":{"resource":{"uri":"a:b"},"extra":{"resource":1}}}}"#,
        "metadata.mcp.extra.resource",
    ),
    (
        r#"{"media":{"url":"https://e.com/cat.png"},"metadata":{"mcp":{"extra":{"uri":"a:b"}}}}"#,
        "metadata.mcp.extra.uri",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x","name":"n"}}"#,
        "resource.name",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x","title":"t"}}"#,
        "resource.title",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x","size":3}}"#,
        "resource.size",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x"},"metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
        "metadata.mcp.icons",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x"},"metadata":{"mcp":{"resource":{"uri":"a:c"}}}}"#,
        "metadata.mcp.resource.uri",
    ),
    (
        r#"{"resource":{"uri":"a:b","text":"x"},"metadata":{"mcp":{"resource":{"extra":{"text":"y"}}}}}"#,
        "metadata.mcp.resource.extra.text",
    ),
    (
        r#"{"resource":{"uri":"a:b","name":"n"},"metadata":{"mcp":{"resource":{"_meta":{"a.b/c":1}}}}}"#,
        "metadata.mcp.resource",
    ),
    (
        r#"{"resource":{"uri":"a:b","name":"n"},"metadata":{"mcp":{"extra":{"name":"m"}}}}"#,
        "metadata.mcp.extra.name",
    ),
];

/// Converting a message part back drops nothing silently: what the block being built has no
/// place for is refused with its path — a member of `metadata.mcp` for another kind of block
/// or one this crate never writes, an `extra` key that names one of the block's own fields
/// (which `validate()` would refuse and no writer would write), a link's parts beside
/// `text`, and a second source of the MIME type or the URI that disagrees with the first.
#[test]
fn parts_with_what_their_block_has_no_place_for_are_refused() {
    let refused = REFUSED_PARTS;
    for (json, path) in refused {
        let error = part_block(json).expect_err(json);
        assert!(error.starts_with(&format!("{path}: ")), "{json}: {error}");
        assert!(
            error.contains("(rule: extra-field)")
                || error.contains("(rule: mime-type)")
                || error.contains("(rule: uri)"),
            "{error}"
        );
    }
    // The same parts without what has no place read, and so does every written part.
    let read = [
        r#"{"text":"a","metadata":{"mcp":{"extra":{"x-a":1}},"other":{"type":"x"}}}"#,
        r#"{"media":{"url":"data:image/png;base64,AAAA","contentType":"IMAGE/PNG; x=1"}}"#,
        r#"{"media":{"url":"data:;base64,AAAA","contentType":"image/png"}}"#,
        r#"{"media":{"url":"https://e.com/cat.png"},"metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
        r#"{"resource":{"uri":"a:b","text":"x"},"metadata":{"mcp":{"resource":{"uri":"a:b","_meta":{"a.b/c":1}}}}}"#,
        r#"{"resource":{"uri":"a:b","name":"n","size":3},"metadata":{"mcp":{"icons":[{"src":"https://e.com/i"}]}}}"#,
    ];
    for json in read {
        let block = part_block(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        CallToolResult::new(vec![block]).validate().unwrap();
    }
    let link = part_block(read[3]).unwrap();
    assert_eq!(
        serde_json::to_value(&link).unwrap()["icons"][0]["src"],
        "https://e.com/i"
    );
}

/// A message's own `metadata.mcp` is held to the same rule: a member this crate does not
/// write there, or an `extra` key that names a field of the prompt message or tool result,
/// is refused with its path.
#[test]
fn message_metadata_with_what_has_no_place_is_refused() {
    use mcp_content::convert::Message;
    let message = |metadata: &str| -> Message {
        serde_json::from_str(&format!(
            r#"{{"role":"user","content":[{{"text":"a"}}],"metadata":{metadata}}}"#
        ))
        .unwrap()
    };
    for (metadata, path) in [
        (r#"{"mcp":{"isError":true}}"#, "metadata.mcp.isError"),
        (
            r#"{"mcp":{"extra":{"role":"assistant"}}}"#,
            "metadata.mcp.extra.role",
        ),
        (
            r#"{"mcp":{"extra":{"content":[]}}}"#,
            "metadata.mcp.extra.content",
        ),
    ] {
        let error = message(metadata).into_prompt_message().unwrap_err();
        assert_eq!(error.path(), path, "{error}");
    }
    assert!(
        message(r#"{"mcp":{"extra":{"x-a":1}}}"#)
            .into_prompt_message()
            .is_ok()
    );
    for (metadata, path) in [
        (r#"{"mcp":{"icons":[]}}"#, "metadata.mcp.icons"),
        (
            r#"{"mcp":{"extra":{"content":[]}}}"#,
            "metadata.mcp.extra.content",
        ),
        (
            r#"{"mcp":{"extra":{"structuredContent":{}}}}"#,
            "metadata.mcp.extra.structuredContent",
        ),
        (
            r#"{"mcp":{"extra":{"isError":true}}}"#,
            "metadata.mcp.extra.isError",
        ),
    ] {
        let error = message(metadata).into_call_tool_result().unwrap_err();
        assert_eq!(error.path(), path, "{error}");
    }
    let result = message(
        r#"{"mcp":{"isError":true,"resultType":"complete","_meta":{"a.b/c":1},"extra":{"x-a":1}}}"#,
    )
    .into_call_tool_result()
    .unwrap();
    result.validate().unwrap();
    assert_eq!(
        Message::from_call_tool_result(&result).into_call_tool_result(),
        Ok(result)
    );
}

/// An offset's hours run from 00 to 23 (ISO 8601, RFC 3339): `+24:00` and `+25` are not
/// offsets, whatever the `time` crate reads; every offset up to `±23:59` is.
#[test]
fn last_modified_offsets_past_23_hours_are_refused() {
    for text in [
        "2025-01-12T10:00:00+23:59",
        "2025-01-12T10:00:00-23:00",
        "2025-01-12T10:00:00+14:00",
        "20250112T100000-2300",
        "2025-01-12T10+23",
        "2025-01-12T10:00:00\u{2212}23:00",
    ] {
        assert!(mcp_content::Timestamp::new(text).is_ok(), "{text}");
        let doc = stamped(text);
        let result: CallToolResult = read_json(doc.as_bytes()).unwrap();
        result.validate().unwrap();
    }
    for text in [
        "2025-01-12T10:00:00+24:00",
        "2025-01-12T10:00:00-24:00",
        "2025-01-12T10:00:00+25:00",
        "2025-01-12T10:00:00+2400",
        "20250112T100000+2500",
        "2025-01-12T10+24",
        "2025-01-12T10:00:00\u{2212}24:00",
        "2025-01-12T24:00+24:00",
    ] {
        assert!(mcp_content::Timestamp::new(text).is_err(), "{text}");
        let error = read_json::<CallToolResult>(stamped(text).as_bytes()).unwrap_err();
        assert_eq!(
            error.path(),
            "content[0].annotations.lastModified",
            "{text}"
        );
        assert_eq!(
            error.rule(),
            Some(mcp_content::rules::Rule::Timestamp),
            "{text}"
        );
    }
}

#[derive(Content, Debug, PartialEq)]
struct Pic {
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
    #[content(text)]
    caption: String,
}

#[derive(Content, Debug, PartialEq)]
struct Res {
    #[content(resource(uri = "file:///{name}.txt", mime = "text/plain"), meta("com.example/k" = 1))]
    body: String,
    #[content(text)]
    name: String,
}

/// Whether every quotation (`"…"` or `` `…` ``) in `text` holds at most 81 characters.
fn quotes_are_cut(text: &str) -> bool {
    let mut rest = text;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest.as_bytes()[open] as char;
        let body = &rest[open + 1..];
        let Some(close) = body.find(quote) else {
            return body.chars().count() <= 81;
        };
        if body[..close].chars().count() > 81 {
            return false;
        }
        rest = &body[close + 1..];
    }
    true
}

/// Reading back into a derived type bounds what it quotes from the peer: an unknown block's
/// type (it was named whole: "unexpected xxx…(1000) block"), the text of a tool's error
/// (a 1 MiB message came back whole; now its first 300 characters), and every value a
/// literal, MIME type, URI or source comparison names.
#[test]
fn derived_reads_bound_what_they_quote() {
    let long = "x".repeat(1000);
    let image = r#"{"type":"image","data":"AAAA","mimeType":"image/png"}"#;
    let error = read::<Pic>(&format!(
        r#"{{"content":[{image},{{"type":"text","text":"c"}},{{"type":"{long}"}}]}}"#
    ))
    .unwrap_err();
    assert!(error.len() < 200, "{error}");
    assert!(
        error.starts_with(&format!("content[2]: unexpected {}… block", &long[..80])),
        "{error}"
    );
    let error = read::<Pic>(&format!(
        r#"{{"content":[{{"type":"{long}"}},{{"type":"text","text":"c"}}]}}"#
    ))
    .unwrap_err();
    assert!(error.len() < 300 && error.contains("x…"), "{error}");
    let error = read::<Pic>(&format!(
        r#"{{"content":[{{"type":"text","text":"{long}"}}],"isError":true}}"#
    ))
    .unwrap_err();
    assert_eq!(
        error,
        format!("isError: the tool reported an error: {}…", &long[..300])
    );
    let short = read::<Pic>(
        r#"{"content":[{"type":"text","text":"boom"},{"type":"text","text":"again"}],"isError":true}"#,
    );
    assert_eq!(
        short.unwrap_err(),
        "isError: the tool reported an error: boom\nagain"
    );
    let resource = |uri: &str, mime: &str, meta: &str, text: &str| {
        format!(
            r#"{{"content":[{{"type":"resource","resource":{{"uri":"{uri}","mimeType":"{mime}","text":"b"}},"_meta":{{"com.example/k":{meta}}}}},{{"type":"text","text":"{text}"}}]}}"#
        )
    };
    for doc in [
        resource(
            &format!("file:///{long}.txt"),
            "text/plain",
            "1",
            &format!("y{long}"),
        ),
        resource(
            "file:///x.txt",
            &format!("text/x{}", &long[..120]),
            "1",
            "x",
        ),
        resource(&format!("file:///{long}/x.csv"), "text/plain", "1", "x"),
        resource("file:///x.txt", "text/plain", &format!("\"{long}\""), "x"),
    ] {
        let error = read::<Res>(&doc).unwrap_err();
        assert!(quotes_are_cut(&error) && error.len() < 400, "{error}");
    }
}

/// Message parts and messages read with serde cut what they quote from the peer: a
/// megabyte value of the wrong type in a part, an unknown message role.
#[test]
fn parts_and_messages_quote_short() {
    use mcp_content::convert::{Message, Part};
    let long = "x".repeat(1000);
    for json in [
        format!(r#"{{"resource":{{"uri":"a:b","size":"{long}"}}}}"#),
        format!(r#"{{"text":{{"{long}":1}}}}"#),
        format!(r#"{{"media":{{"url":["{long}"]}}}}"#),
        format!(
            r#"{{"media":{{"url":"data:image/png;base64,AAAA","contentType":"{long}"}},"metadata":"{long}"}}"#
        ),
    ] {
        let error = serde_json::from_str::<Part>(&json).unwrap_err().to_string();
        assert!(quotes_are_cut(&error) && error.len() < 300, "{error}");
    }
    let error = serde_json::from_str::<Message>(&format!(r#"{{"role":"{long}","content":[]}}"#))
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with(&format!("unknown message role \"{}…\"; expected \"user\", \"model\", \"tool\" or \"system\" (rule: audience)", &long[..80])),
        "{error}"
    );
    let message: Message =
        serde_json::from_str(r#"{"role":"model","content":[{"text":"a"}]}"#).unwrap();
    assert_eq!(message.role, mcp_content::convert::MessageRole::Model);
}

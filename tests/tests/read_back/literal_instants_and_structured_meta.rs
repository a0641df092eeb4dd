//! Literal instants and structured `_meta` read back from a hostile peer's results: literal
//! `last_modified` annotations read back as instants (`Z`, `+00:00`, other offsets and the
//! basic format name one instant; offsets past 23 hours refused); a `structured` enum or
//! struct read from `structuredContent` alone still checks the result's `_meta` as the
//! layout says. What message parts refuse and what reads quote are in
//! `convert/message_parts_refusals.rs`.

use crate::read_one_answer::read;
use mcp_content::{CallToolResult, Content, FromContent, IntoCallToolResult, Validate, read_json};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

const REST: &str =
    "(a block or result is read only when it carries the literal values its attributes write)";

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
            .map(mcp_content::model::Timestamp::as_str),
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
    let instant = |text: &str| mcp_content::model::Timestamp::new(text).unwrap().instant();
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
        assert!(mcp_content::model::Timestamp::new(text).is_ok(), "{text}");
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
        assert!(mcp_content::model::Timestamp::new(text).is_err(), "{text}");
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

//! The one pass against the checked path: it may leave a document to the checked path,
//! but what it reads, the checked path reads the same, within the same limits.
//! In `model`, above `wire`, since the documents read are model types.

use std::collections::HashMap;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::model::tool::CallToolResult;
use crate::wire::limits::{Finding, ReadLimits, scan_counting};
use crate::wire::read::{read_checked, read_in_one_pass, read_json};

/// Documents within the default limits, raw parts (`_meta`, structured content, unknown
/// members and blocks) included.
const CLEAN: &[&str] = &[
    r#"{"content":[{"type":"text","text":"hi"}]}"#,
    r#"{"content":[{"type":"text","text":"hi","_meta":{"a.b/c":[1,{"x":null}]}}],"_meta":{"k":true},"structuredContent":{"t":[1,2,[3]]},"isError":false}"#,
    r#"{"content":[{"type":"image","data":"AAAA","mimeType":"image/png"},{"type":"resource","resource":{"uri":"file:///a","text":"x"}}],"resultType":"complete"}"#,
    r#"{"content":[{"type":"widget","deep":{"a":[[{}]]}}],"extraField":{"b":[1,"two",3.5,-2e3,true,false]}}"#,
    r#"{"content":[],"structuredContent":null}"#,
    r#"{"content":[],"structuredContent":[1,[2,[3,[4]]]]}"#,
    r#"{"content":[],"structuredContent":"text"}"#,
    r#"{"content":[{"text":"before its type","type":"text","annotations":{"priority":0.5}}]}"#,
    r#"{"content":[{"type":"text","text":"esc \" \\ \n \u00e9 \ud83d\ude00"}]}"#,
    r#" { "content" : [ { "type" : "text" , "text" : "spaced" } ] } "#,
    "{\n  \"content\": [\n    {\"type\": \"text\", \"text\": \"two\\nlines \\t \\u001f\"}\n  ]\n}\n",
    r#"{"content":[{"type":"text","text":"a text long enough for whole 32-byte chunks: \n\r\t then more, \u00e9 and the end"}]}"#,
    r#"{"content":[],"_meta":{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18}}"#,
    r#"{"content":[],"structuredContent":{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k\u0031\u0037":17,"k18":18}}"#,
];

/// Documents whose member names have escapes: a model type keeps their spelling, which
/// the one pass cannot see, so it leaves them to the checked path; a `Value` does not,
/// and is read in one pass.
const ESCAPED_NAMES: &[&str] = &[
    r#"{"con\u0074ent":[],"_meta":{"a\u0062":1,"ac":2}}"#,
    r#"{"content":[{"type":"text","text":"x","\u0041":1}]}"#,
    r#"{"content":[{"type":"text","text":"x","x\"y":1}]}"#,
    r#"{"content":[{"z\u0031":1,"type":"x-later"}]}"#,
    r#"{"content":[{"type":"x-new","\ud83d\ude00":{"\/":1}}],"z\\":[]}"#,
];

/// Documents the checked path refuses (or, for a few, reads, but the one pass must not
/// decide alone).
const FAULTY: &[&str] = &[
    r#"{"content":[],"content":[]}"#,
    r#"{"content":[],"_meta":{"a":1,"a":2}}"#,
    r#"{"content":[],"structuredContent":{"x":{"y":1,"y":2}}}"#,
    r#"{"content":[],"_meta":{"a":1,"\u0061":2}}"#,
    r#"{"content":[{"type":"text","text":"x","extra":{"q":1,"q":1}}]}"#,
    r#"{"content":[{"type":"text","text":"x","t\u0065xt":"y"}]}"#,
    r#"{"content":[],"structuredContent":"\ud800"}"#,
    r#"{"content":[],"x":"\udc00 alone"}"#,
    r#"{"content":[],"_meta":{"\ud800":1}}"#,
    "\u{feff}{\"content\":[]}",
    r#"{"content":[]} x"#,
    r#"{"content":[],"_meta":{"k":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}"#,
    r#"{"content":[],"structuredContent":{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":3}}"#,
    r#"{"content":["#,
];

/// Documents within the limits that break a rule of the model.
const MODEL_FAULTS: &[&str] = &[
    r#"{"content":[{"type":"text","text":"a"}],"isError":null}"#,
    r#"{"content":[{"type":"text"}]}"#,
    r#"{"content":[{"type":"image","data":"not base64!","mimeType":"image/png"}]}"#,
];

/// Wide objects that a visitor reads key by key (the hash set past 16 keys).
const WIDE: &[&str] = &[
    r#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18}"#,
    r#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":3}"#,
    r#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k\u0033":3}"#,
    r#"{"a":{"b":1,"b":2}}"#,
    r#"[{"a":1},{"a":1},{"a":[{"a":1}]}]"#,
];

fn max_depth(limits: &ReadLimits) -> usize {
    limits.max_depth.min(ReadLimits::PARSER_MAX_DEPTH)
}

/// Whether the one pass read `doc`; when it did, the checked path reads the same value.
fn one_pass_agrees<T: DeserializeOwned + PartialEq + Debug>(
    doc: &str,
    limits: &ReadLimits,
) -> bool {
    let depth = max_depth(limits);
    let fast = read_in_one_pass::<T>(doc.as_bytes(), limits, depth);
    let checked = read_checked::<T>(doc.as_bytes(), limits, depth);
    match fast {
        Some(fast) => {
            assert_eq!(
                checked.as_ref().ok(),
                Some(&fast),
                "one pass read {doc} within {limits:?}, the checked path gives {checked:?}"
            );
            true
        }
        None => false,
    }
}

/// The deepest nesting and the number of values of a document, as the pre-pass counts.
fn shape(doc: &str) -> (usize, usize) {
    let (_, values) = scan_counting(doc.as_bytes(), usize::MAX, usize::MAX);
    let depth = (0..200)
        .find(|&d| {
            !matches!(
                scan_counting(doc.as_bytes(), d, usize::MAX).0,
                Finding::TooDeep(_)
            )
        })
        .unwrap_or(200);
    (depth, values)
}

#[test]
fn the_one_pass_never_reads_what_the_checked_path_refuses() {
    let values = [1, 2, 3, 4, 5, 7, 9, 12, 16, 20, 25, 40, usize::MAX];
    for doc in CLEAN
        .iter()
        .chain(FAULTY)
        .chain(MODEL_FAULTS)
        .chain(WIDE)
        .chain(ESCAPED_NAMES)
    {
        for depth in 0..=9 {
            for max_values in values {
                let limits = ReadLimits::default()
                    .with_max_depth(depth)
                    .with_max_values(max_values);
                one_pass_agrees::<CallToolResult>(doc, &limits);
                one_pass_agrees::<Value>(doc, &limits);
                one_pass_agrees::<HashMap<String, Value>>(doc, &limits);
            }
        }
    }
}

#[test]
fn a_document_within_the_limits_is_read_in_one_pass_exactly_up_to_them() {
    for doc in CLEAN {
        let (depth, values) = shape(doc);
        let at = ReadLimits::default()
            .with_max_depth(depth)
            .with_max_values(values);
        assert!(one_pass_agrees::<CallToolResult>(doc, &at), "{doc}");
        assert!(one_pass_agrees::<Value>(doc, &at), "{doc}");
        for under in [at.with_max_depth(depth - 1), at.with_max_values(values - 1)] {
            assert!(
                !one_pass_agrees::<CallToolResult>(doc, &under),
                "{doc} {under:?}"
            );
            assert!(!one_pass_agrees::<Value>(doc, &under), "{doc} {under:?}");
            assert!(read_checked::<Value>(doc.as_bytes(), &under, max_depth(&under)).is_err());
        }
    }
    for doc in &WIDE[..1] {
        let (depth, values) = shape(doc);
        let at = ReadLimits::default()
            .with_max_depth(depth)
            .with_max_values(values);
        assert!(one_pass_agrees::<Value>(doc, &at), "{doc}");
    }
}

#[test]
fn raw_values_take_the_one_pass() {
    // `_meta`, structured content and unknown members are `RawValue`s: should the way
    // `serde_json` hands them out change, every read would silently take the slow path.
    let doc = CLEAN[1];
    assert!(one_pass_agrees::<CallToolResult>(
        doc,
        &ReadLimits::default()
    ));
    assert!(one_pass_agrees::<CallToolResult>(
        CLEAN[3],
        &ReadLimits::default()
    ));
}

#[test]
fn faults_are_left_to_the_checked_path() {
    for doc in FAULTY.iter().chain(&WIDE[1..4]) {
        assert!(
            !one_pass_agrees::<CallToolResult>(doc, &ReadLimits::default()),
            "{doc}"
        );
        assert!(
            !one_pass_agrees::<Value>(doc, &ReadLimits::default()),
            "{doc}"
        );
    }
    for doc in MODEL_FAULTS {
        assert!(
            !one_pass_agrees::<CallToolResult>(doc, &ReadLimits::default()),
            "{doc}"
        );
    }
    let limits = ReadLimits::default();
    for bytes in [
        &b"{\"content\":[],\"x\":\"\xff\"}"[..],
        b"{\"content\":[],\"_meta\":{\"a\":\"\xc3\"}}",
    ] {
        assert!(read_in_one_pass::<CallToolResult>(bytes, &limits, 64).is_none());
        assert!(read_checked::<CallToolResult>(bytes, &limits, 64).is_err());
    }
}

/// The block `type` is read from its raw text without a copy when it is a plain string;
/// every other form reads as before, from bytes and from a `Value` alike.
#[test]
fn a_block_type_reads_the_same_in_every_form() {
    use crate::model::content::ContentBlock;
    use crate::wire::read::read_value;
    let read = |doc: &str| {
        let bytes = read_json::<CallToolResult>(doc.as_bytes());
        let value: Value = serde_json::from_str(doc).expect("JSON");
        let from_value = read_value::<CallToolResult>(value);
        assert_eq!(
            bytes.as_ref().map_err(ToString::to_string),
            from_value.as_ref().map_err(ToString::to_string),
            "{doc}"
        );
        bytes
    };
    for doc in [
        r#"{"content":[{"type":"text","text":"a"}]}"#,
        r#"{"content":[{"type":"t\u0065xt","text":"a"}]}"#,
        r#"{"content":[{"type" : "text" ,"text":"a"}]}"#,
    ] {
        let result = read(doc).expect("reads");
        assert_eq!(result.content[0].as_text(), Some("a"), "{doc}");
    }
    // An unknown type is kept as received; from bytes, byte for byte.
    for (doc, kept) in [
        (
            r#"{"content":[{"type":"video","u":1}]}"#,
            r#"{"type":"video","u":1}"#,
        ),
        (
            r#"{"content":[{"type":"vid\u0065o"}]}"#,
            r#"{"type":"vid\u0065o"}"#,
        ),
        (r#"{"content":[{"type":"t\"x"}]}"#, r#"{"type":"t\"x"}"#),
    ] {
        let result = read_json::<CallToolResult>(doc.as_bytes()).expect("reads");
        let block = &result.content[0];
        assert!(
            matches!(block, ContentBlock::Unknown(_)),
            "{doc}: {block:?}"
        );
        assert_eq!(serde_json::to_string(block).expect("writes"), kept, "{doc}");
    }
    for (doc, error) in [
        (
            r#"{"content":[{"type":1,"text":"a"}]}"#,
            "content[0].type: invalid type: integer `1`, expected a string",
        ),
        (
            r#"{"content":[{"type":["text"]}]}"#,
            "content[0].type: invalid type: sequence, expected a string",
        ),
    ] {
        let message = read(doc).expect_err("refused").to_string();
        assert!(message.starts_with(error), "{doc}: {message}");
    }
}

/// A text block's `text`, which the one pass reads as bytes: a raw control character is
/// refused wherever it stands (with or without escapes beside it, in a compact or an
/// indented document), a lone surrogate escape too, and both are named as before.
#[test]
fn a_text_read_as_bytes_is_checked_as_a_string() {
    let limits = ReadLimits::default();
    let long = "x".repeat(70);
    for (doc, error) in [
        (
            format!("{{\"content\":[{{\"type\":\"text\",\"text\":\"a\u{1}b{long}\"}}]}}"),
            "content[0].text: control character (\\u0000-\\u001F) found while parsing a string",
        ),
        (
            format!("{{\"content\":[{{\"type\":\"text\",\"text\":\"{long}\\n\u{1f}\"}}]}}"),
            "content[0].text: control character (\\u0000-\\u001F) found while parsing a string",
        ),
        (
            "{\n \"content\":[{\"type\":\"text\",\"text\":\"a\\tb\nc\"}]\n}".to_owned(),
            "content[0].text: control character (\\u0000-\\u001F) found while parsing a string",
        ),
        (
            r#"{"content":[{"type":"text","text":"a \ud800 b"}]}"#.to_owned(),
            "content[0].text: lone surrogate escape `\\ud800`",
        ),
    ] {
        assert!(
            read_in_one_pass::<CallToolResult>(doc.as_bytes(), &limits, 64).is_none(),
            "{doc:?}"
        );
        let message = read_json::<CallToolResult>(doc.as_bytes())
            .expect_err("refused")
            .to_string();
        assert!(message.starts_with(error), "{doc:?}: {message}");
    }
    // Escaped control characters are text; a raw newline between tokens is whitespace.
    let doc = "{\n\"content\":[{\"type\":\"text\",\"text\":\"a\\nb\\u0001\"}]\n}";
    let read = read_in_one_pass::<CallToolResult>(doc.as_bytes(), &limits, 64).expect("one pass");
    assert_eq!(read.content[0].as_text(), Some("a\nb\u{1}"));
    assert!(crate::wire::guard::raw_control_in_strings(
        b"{\"a\":\"x\\\"\ty\"}"
    ));
    assert!(!crate::wire::guard::raw_control_in_strings(
        b"{\"a\\\\\":\n\"x\"}"
    ));
}

/// A text block whose `type` comes first (read without `RawBlock`) reads, and fails, as
/// the same block with `type` last (read through `RawBlock::finish`).
#[test]
fn a_text_block_reads_the_same_whatever_comes_first() {
    let read = |members: &str, with_type_first: bool| {
        let block = if with_type_first {
            format!(r#"{{"type":"text",{members}}}"#)
        } else {
            format!(r#"{{{members},"type":"text"}}"#)
        };
        let doc = format!(r#"{{"content":[{block}]}}"#);
        read_json::<CallToolResult>(doc.as_bytes())
            .map(|result| result.content)
            .map_err(|e| e.to_string())
    };
    for members in [
        r#""text":"a""#,
        r#""text":"a\u0062","x":1"#,
        r#""x":[1,{"y":2}],"text":"a","annotations":{"priority":0.5},"_meta":{"a.b/c":1}"#,
        r#""_meta":{},"text":"","z":null"#,
    ] {
        let first = read(members, true).expect("reads");
        assert_eq!(first, read(members, false).expect("reads"), "{members}");
        assert!(first[0].as_text().is_some(), "{members}");
    }
    // The errors of the loop that read such a block before (`RawBlock` with the type
    // known from the first member), path and words.
    for (members, error) in [
        (r#""x":1"#, "content[0]: missing field `text`"),
        (
            r#""text":"a","text":"b""#,
            "content[0]: duplicate field `text`",
        ),
        (
            r#""text":"a","type":"image""#,
            "content[0]: duplicate field `type`",
        ),
        (
            r#""text":"a","_meta":null"#,
            "content[0]._meta: null is not allowed here",
        ),
        (
            r#""text":"a","annotations":null"#,
            "content[0].annotations: null is not allowed here",
        ),
        (r#""text":1"#, "content[0].text: invalid type: integer `1`"),
    ] {
        let message = read(members, true).expect_err("refused");
        assert!(message.starts_with(error), "{members}: {message}");
    }
}

/// Lists of every length up to past the first growth read whole and in order.
#[test]
fn lists_of_any_length_read_whole() {
    for count in 0..12 {
        let blocks: Vec<String> = (0..count)
            .map(|i| format!(r#"{{"type":"text","text":"{i}"}}"#))
            .collect();
        let doc = format!(r#"{{"content":[{}]}}"#, blocks.join(","));
        let result = read_json::<CallToolResult>(doc.as_bytes()).expect("reads");
        let texts: Vec<&str> = result.content.iter().filter_map(|b| b.as_text()).collect();
        let expected: Vec<String> = (0..count).map(|i| i.to_string()).collect();
        assert_eq!(texts, expected);
        assert!(result.content.capacity() <= count.max(1) + 3, "{count}");
    }
}

#[test]
fn escaped_member_names_are_left_to_the_checked_path_which_keeps_them() {
    let limits = ReadLimits::default();
    for doc in ESCAPED_NAMES {
        assert!(!one_pass_agrees::<CallToolResult>(doc, &limits), "{doc}");
        assert!(one_pass_agrees::<Value>(doc, &limits), "{doc}");
        let read: CallToolResult = read_json(doc.as_bytes()).expect("reads");
        let written = crate::wire::version::SerializeFor::to_json_for(
            &read,
            crate::rules::ProtocolVersion::V2025_11_25,
        );
        // Every name the model holds keeps its spelling; `content` is a known field,
        // written by its name.
        let expected = doc.replace(r"con\u0074ent", "content");
        assert_eq!(String::from_utf8_lossy(&written), expected);
    }
}

#[test]
fn keys_that_are_not_strings_are_left_to_the_checked_path() {
    let doc = r#"{"1":2,"3":4}"#;
    let limits = ReadLimits::default();
    assert!(read_in_one_pass::<HashMap<u32, u32>>(doc.as_bytes(), &limits, 64).is_none());
    let read: HashMap<u32, u32> = read_json(doc.as_bytes()).expect("reads");
    assert_eq!(read, HashMap::from([(1, 2), (3, 4)]));
}

//! A `structured` type read back from a whole tool result: `structuredContent` and the blocks
//! are two places of the same fields. The JSON text copy of the structured value (the last
//! text block, which the writer adds for clients that ignore `structuredContent`) is set
//! aside; every other block is read as the type's layout says, and what the blocks hold must
//! be what `structuredContent` holds, or reading fails naming both places. A result with no
//! block but the copy (what other SDKs send) reads from `structuredContent` alone.

use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, ReadError,
    SerializeFor, read_json,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

fn json<T: IntoCallToolResult>(value: T) -> String {
    String::from_utf8(
        value
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap()
}

/// Reads `json` as `T` borrowed and owned: both give the same value or the same error.
fn read<T: FromContent + std::fmt::Debug + PartialEq>(json: &str) -> Result<T, ReadError> {
    let result: CallToolResult =
        read_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json} does not read: {e}"));
    let borrowed = T::from_call_tool_result(&result);
    let owned = T::from_owned_call_tool_result(result);
    match (&borrowed, &owned) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("the readers disagree on {json}: {borrowed:?} {owned:?}"),
    }
    borrowed
}

fn replace(json: &str, from: &str, to: &str) -> String {
    assert!(json.contains(from), "{from} not in {json}");
    json.replacen(from, to, 1)
}

#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
#[content(structured)]
struct Weather {
    #[content(text)]
    count: u32,
    temperature: f64,
}

fn weather() -> Weather {
    Weather {
        count: 3,
        temperature: 1.5,
    }
}

const RULE: &str = "(a `structured` type writes each field to structuredContent and to its own place, so they must be equal)";
const COPY_RULE: &str = "(a `structured` type writes its serde form to structuredContent and as JSON text to a text block, so they must be equal)";

#[test]
fn blocks_that_agree_with_structured_content_read_back() {
    let written = json(weather());
    assert_eq!(
        written,
        r#"{"content":[{"type":"text","text":"3"},{"type":"text","text":"{\"count\":3,\"temperature\":1.5}"}],"structuredContent":{"count":3,"temperature":1.5},"resultType":"complete"}"#
    );
    assert_eq!(read::<Weather>(&written).unwrap(), weather());
}

#[test]
fn a_text_block_that_disagrees_with_structured_content_is_refused_naming_both() {
    let tampered = replace(&json(weather()), r#""text":"3""#, r#""text":"4""#);
    let error = read::<Weather>(&tampered).unwrap_err();
    assert_eq!(error.path(), "structuredContent.count");
    assert_eq!(
        error.to_string(),
        format!(
            "structuredContent.count: `count` is read from two places that disagree: \
             structuredContent.count (3) and content[0].text (4) {RULE}"
        )
    );
    // The other way round: structuredContent changed, the blocks as written.
    let tampered = replace(
        &json(weather()),
        r#""structuredContent":{"count":3"#,
        r#""structuredContent":{"count":7"#,
    );
    let error = read::<Weather>(&tampered).unwrap_err();
    // The copy now disagrees with structuredContent too: it is the first found.
    assert_eq!(
        error.to_string(),
        format!(
            "content[1].text: the JSON text of the structured content disagrees with structuredContent: \
             structuredContent.count is 7, this text has 3 there {COPY_RULE}"
        )
    );
}

#[test]
fn a_json_text_copy_that_disagrees_is_refused_naming_both() {
    let tampered = replace(
        &json(weather()),
        r#"\"temperature\":1.5"#,
        r#"\"temperature\":2.5"#,
    );
    let error = read::<Weather>(&tampered).unwrap_err();
    assert_eq!(error.path(), "content[1].text");
    assert_eq!(
        error.detail(),
        format!(
            "the JSON text of the structured content disagrees with structuredContent: \
             structuredContent.temperature is 1.5, this text has 2.5 there {COPY_RULE}"
        )
    );
    // A member the copy lacks, or has beyond structuredContent.
    let missing = replace(&json(weather()), r#"\"count\":3,"#, "");
    assert!(
        read::<Weather>(&missing)
            .unwrap_err()
            .detail()
            .starts_with("the JSON text of the structured content disagrees with structuredContent: structuredContent.count is 3, this text has nothing there"),
    );
    let extra = replace(
        &json(weather()),
        r#"\"count\":3,"#,
        r#"\"count\":3,\"wind\":9,"#,
    );
    assert!(
        read::<Weather>(&extra)
            .unwrap_err()
            .detail()
            .starts_with("the JSON text of the structured content disagrees with structuredContent: structuredContent.wind is nothing, this text has 9 there"),
    );
}

#[test]
fn the_copy_in_another_spelling_is_the_same_copy() {
    // Pretty-printed, members reordered, a number spelled with an exponent: the same JSON.
    let copy = r#"{\n  \"temperature\": 15E-1,\n  \"count\": 3\n}"#;
    let respelled = replace(
        &json(weather()),
        r#"{\"count\":3,\"temperature\":1.5}"#,
        copy,
    );
    assert_eq!(read::<Weather>(&respelled).unwrap(), weather());
}

#[test]
fn only_the_copy_or_no_block_reads_from_structured_content_alone() {
    // What the Python and TypeScript SDKs send: the copy, and nothing else to compare.
    let copy_only = r#"{"content":[{"type":"text","text":"{\"count\":3,\"temperature\":1.5}"}],"structuredContent":{"count":3,"temperature":1.5}}"#;
    assert_eq!(read::<Weather>(copy_only).unwrap(), weather());
    let none = r#"{"content":[],"structuredContent":{"count":3,"temperature":1.5}}"#;
    assert_eq!(read::<Weather>(none).unwrap(), weather());
    // A lone text that is not the copy is read as the layout says, and compared.
    let other = r#"{"content":[{"type":"text","text":"4"}],"structuredContent":{"count":3,"temperature":1.5}}"#;
    assert_eq!(
        read::<Weather>(other).unwrap_err().to_string(),
        format!(
            "structuredContent.count: `count` is read from two places that disagree: \
             structuredContent.count (3) and content[0].text (4) {RULE}"
        )
    );
    // A lone copy that disagrees is named as such.
    let stray = r#"{"content":[{"type":"text","text":"{\"count\":4,\"temperature\":1.5}"}],"structuredContent":{"count":3,"temperature":1.5}}"#;
    assert_eq!(
        read::<Weather>(stray).unwrap_err().path(),
        "content[0].text"
    );
}

#[test]
fn a_block_the_layout_does_not_have_is_refused_beside_structured_content() {
    let written = json(weather());
    let extra = replace(
        &written,
        r#"{"type":"text","text":"3"},"#,
        r#"{"type":"text","text":"3"},{"type":"image","data":"AQ==","mimeType":"image/png"},"#,
    );
    assert_eq!(
        read::<Weather>(&extra).unwrap_err().to_string(),
        "content[1]: unexpected image block: no field of `Weather` is left to take it"
    );
    // The copy and the field's text swapped: the copy is found wherever it is.
    let swapped = r#"{"content":[{"type":"text","text":"{\"count\":3,\"temperature\":1.5}"},{"type":"text","text":"3"}],"structuredContent":{"count":3,"temperature":1.5}}"#;
    assert_eq!(read::<Weather>(swapped).unwrap(), weather());
}

#[test]
fn without_structured_content_the_blocks_are_read_and_a_field_without_place_is_missing() {
    let blocks = r#"{"content":[{"type":"text","text":"3"}]}"#;
    assert_eq!(
        read::<Weather>(blocks).unwrap_err().to_string(),
        "content: field `temperature` is missing: expected it in structuredContent (it has no place in the blocks)"
    );
}

/// Every kind of place beside `structuredContent`: an image (its bytes in the block only), a
/// `_meta` entry, a resource whose URI template takes a field, a list of texts, a skipped field.
#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
#[content(structured(no_text))]
struct Report {
    #[content(image(mime = "image/png"))]
    #[serde(skip)]
    chart: Vec<u8>,
    #[content(meta = "com.example/run")]
    run: u32,
    #[content(resource(uri = "reports://{year}/raw.csv", mime = "text/csv"))]
    raw: String,
    year: u16,
    #[content(text)]
    notes: Vec<String>,
    #[content(skip)]
    cache: Option<u64>,
}

fn report() -> Report {
    Report {
        chart: vec![1, 2, 3],
        run: 7,
        raw: "a,b".into(),
        year: 2025,
        notes: vec!["x".into(), "y".into()],
        cache: Some(9),
    }
}

#[test]
fn every_kind_of_place_is_compared_with_structured_content() {
    let written = json(report());
    // `cache` is `skip`: it has no place but structuredContent, and is read from there.
    assert_eq!(read::<Report>(&written).unwrap(), report());
    let cases = [
        (
            (
                r#""_meta":{"com.example/run":7}"#,
                r#""_meta":{"com.example/run":8}"#,
            ),
            "structuredContent.run",
            r#"_meta["com.example/run"]"#,
            ("7", "8"),
        ),
        (
            ("reports://2025/raw.csv", "reports://2024/raw.csv"),
            "structuredContent.year",
            "content[1].resource.uri",
            ("2025", "2024"),
        ),
        (
            (r#""text":"a,b""#, r#""text":"a,c""#),
            "structuredContent.raw",
            "content[1].resource.text",
            (r#""a,b""#, r#""a,c""#),
        ),
        (
            (r#""text":"y""#, r#""text":"z""#),
            "structuredContent.notes[1]",
            "content[3].text",
            (r#""y""#, r#""z""#),
        ),
    ];
    for ((from, to), structured, block, (expected, found)) in cases {
        let tampered = replace(&written, from, to);
        let error = read::<Report>(&tampered).unwrap_err();
        let member = structured.trim_start_matches("structuredContent.");
        assert_eq!(
            error.to_string(),
            format!(
                "{structured}: `{member}` is read from two places that disagree: \
                 {structured} ({expected}) and {block} ({found}) {RULE}"
            ),
            "{tampered}"
        );
    }
    // One note fewer in the blocks than in structuredContent.
    let fewer = replace(&written, r#",{"type":"text","text":"y"}"#, "");
    assert_eq!(
        read::<Report>(&fewer).unwrap_err().to_string(),
        format!(
            "structuredContent.notes[1]: `notes[1]` is read from two places that disagree: \
             structuredContent.notes[1] (\"y\") and content[3] (nothing) {RULE}"
        )
    );
}

/// A structured enum: the variant's fields with no place are taken from structuredContent
/// when it holds that variant.
#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
#[content(structured)]
enum Shape {
    Circle {
        #[content(text)]
        label: String,
        radius: f64,
    },
    Chart(
        #[content(text)] u32,
        #[content(image(mime = "image/png"))]
        #[serde(skip)]
        Vec<u8>,
        String,
    ),
    Empty,
}

#[test]
fn a_structured_enum_compares_its_variant_with_structured_content() {
    let circle = || Shape::Circle {
        label: "c".into(),
        radius: 2.0,
    };
    let chart = || Shape::Chart(4, vec![1], "y".into());
    assert_eq!(read::<Shape>(&json(circle())).unwrap(), circle());
    assert_eq!(read::<Shape>(&json(chart())).unwrap(), chart());

    let tampered = replace(&json(circle()), r#""text":"c""#, r#""text":"d""#);
    assert_eq!(
        read::<Shape>(&tampered).unwrap_err().to_string(),
        format!(
            "structuredContent.Circle.label: `Circle.label` is read from two places that disagree: \
             structuredContent.Circle.label (\"c\") and content[0].text (\"d\") {RULE}"
        )
    );
    let tampered = replace(&json(chart()), r#""text":"4""#, r#""text":"5""#);
    assert_eq!(
        read::<Shape>(&tampered).unwrap_err().to_string(),
        format!(
            "structuredContent.Chart[0]: `Chart[0]` is read from two places that disagree: \
             structuredContent.Chart[0] (4) and content[0].text (5) {RULE}"
        )
    );
    // The blocks of one variant beside structuredContent of the other.
    let circle_json = json(circle());
    let mixed = format!(
        "{}{}",
        &circle_json[..circle_json.find(r#""structuredContent""#).unwrap()],
        r#""structuredContent":{"Chart":[4,"y"]}}"#
    );
    let error = read::<Shape>(&mixed).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("content[1].text: the JSON text of the structured content disagrees with structuredContent"),
        "{error}"
    );
}

#[test]
fn a_structured_value_that_is_not_an_object_reads_back_from_every_version() {
    // A unit variant's serde form is a string: 2025-era peers get it as `{"result": …}`.
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        let written =
            String::from_utf8(Shape::Empty.into_call_tool_result().to_json_for(version)).unwrap();
        assert_eq!(read::<Shape>(&written).unwrap(), Shape::Empty, "{written}");
        let circle = Shape::Circle {
            label: "c".into(),
            radius: 2.0,
        };
        let written = String::from_utf8(
            Shape::Circle {
                label: "c".into(),
                radius: 2.0,
            }
            .into_call_tool_result()
            .to_json_for(version),
        )
        .unwrap();
        assert_eq!(read::<Shape>(&written).unwrap(), circle, "{written}");
    }
    // A wrapped value that is another variant's: refused, naming the place.
    let wrong = r#"{"content":[],"structuredContent":{"result":"Round"}}"#;
    assert_eq!(
        read::<Shape>(wrong).unwrap_err().path(),
        "structuredContent"
    );
}

#[test]
fn maps_whose_members_come_in_another_order_agree() {
    use std::collections::HashMap;

    #[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
    #[content(structured)]
    struct Tally {
        #[content(text(json))]
        counts: HashMap<String, u32>,
        totals: HashMap<String, u32>,
    }
    let tally = || Tally {
        counts: (0..32).map(|i| (format!("k{i}"), i)).collect(),
        totals: (0..32).map(|i| (format!("t{i}"), i)).collect(),
    };
    // Each `HashMap` iterates in its own order: the blocks' map and structuredContent's are
    // written in different orders, and are the same map.
    for _ in 0..8 {
        assert_eq!(read::<Tally>(&json(tally())).unwrap(), tally());
    }
    let written = json(tally());
    let tampered = replace(&written, r#"\"k5\":5"#, r#"\"k5\":6"#);
    let error = read::<Tally>(&tampered).unwrap_err();
    assert_eq!(error.path(), "structuredContent.counts.k5", "{error}");
    assert!(
        error.detail().contains("(5) and content[0].text (6)"),
        "{error}"
    );
}

#[test]
fn a_summary_beside_structured_content_is_passed_over_and_other_blocks_refused() {
    #[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
    #[content(structured)]
    struct Point {
        x: i32,
        y: i32,
    }
    let point = Point { x: 1, y: 2 };
    assert_eq!(read::<Point>(&json(Point { x: 1, y: 2 })).unwrap(), point);
    // The TypeScript SDK's shapes: a human-readable text beside structuredContent (alone,
    // before or after the copy, several, one that is a bare number or other JSON that is
    // not an object): structuredContent holds the value, the summaries are no field's.
    for content in [
        r#"[{"type":"text","text":"one, two"}]"#,
        r#"[{"type":"text","text":"Point (1, 2)"},{"type":"text","text":"{\"x\":1,\"y\":2}"}]"#,
        r#"[{"type":"text","text":"{\"y\":2,\"x\":1}"},{"type":"text","text":"Point (1, 2)"}]"#,
        r#"[{"type":"text","text":"x is 1"},{"type":"text","text":"y is 2"}]"#,
        r#"[{"type":"text","text":"3"},{"type":"text","text":"[1, 2]"},{"type":"text","text":""}]"#,
    ] {
        let result = format!(r#"{{"content":{content},"structuredContent":{{"x":1,"y":2}}}}"#);
        assert_eq!(read::<Point>(&result).unwrap(), point, "{content}");
    }
    // A text that is JSON of the value's shape with other values is a copy that disagrees.
    let stray = r#"{"content":[{"type":"text","text":"{\"x\":1,\"y\":3}"}],"structuredContent":{"x":1,"y":2}}"#;
    let error = read::<Point>(stray).unwrap_err();
    assert_eq!(error.path(), "content[0].text", "{error}");
    // A block that is not text: the type has no place for it, and it would be lost.
    let image = r#"{"content":[{"type":"image","data":"AAAA","mimeType":"image/png"}],"structuredContent":{"x":1,"y":2}}"#;
    assert_eq!(
        read::<Point>(image).unwrap_err().to_string(),
        "content[0]: unexpected image block: no field of `Point` is left to take it"
    );
}

#[test]
fn a_summary_a_text_field_takes_must_agree() {
    #[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
    #[content(structured)]
    struct Labelled {
        #[content(text)]
        label: String,
        n: u32,
    }
    let labelled = || Labelled {
        label: "a".into(),
        n: 1,
    };
    assert_eq!(read::<Labelled>(&json(labelled())).unwrap(), labelled());
    // A summary after the field's own block is no field's.
    let written = json(labelled());
    let with_summary = replace(
        &written,
        r#"{"type":"text","text":"a"},"#,
        r#"{"type":"text","text":"a"},{"type":"text","text":"label a, n 1"},"#,
    );
    assert_eq!(
        read::<Labelled>(&with_summary).unwrap(),
        labelled(),
        "{with_summary}"
    );
    // A summary in the field's place is read as the field, and disagrees.
    let summary_only = r#"{"content":[{"type":"text","text":"label a, n 1"}],"structuredContent":{"label":"a","n":1}}"#;
    let error = read::<Labelled>(summary_only).unwrap_err();
    assert_eq!(error.path(), "structuredContent.label", "{error}");
}

#[test]
fn integers_past_64_bits_that_disagree_by_one_are_told_apart() {
    #[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
    #[content(structured)]
    struct Ledger {
        #[content(text)]
        total: u128,
        entries: Vec<i128>,
    }
    let ledger = || Ledger {
        total: 18_446_744_073_709_551_617,
        entries: vec![i128::MIN, i128::MAX / 3],
    };
    let written = json(ledger());
    assert_eq!(read::<Ledger>(&written).unwrap(), ledger());
    // 2^64 + 1 and 2^64 are the same `f64`: compared as text, they differ.
    let tampered = replace(
        &written,
        r#""text":"18446744073709551617""#,
        r#""text":"18446744073709551616""#,
    );
    let error = read::<Ledger>(&tampered).unwrap_err();
    assert_eq!(error.path(), "structuredContent.total", "{error}");
    assert!(
        error
            .detail()
            .contains("(18446744073709551617) and content[0].text (18446744073709551616)"),
        "{error}"
    );
}

/// A `structured` type's binary fields are kept out of its serde form (`#[serde(skip)]`, which
/// the derive requires of them): the bytes are in their blocks only, `structuredContent` and the
/// output schema hold the other fields, and reading back takes the bytes from the blocks.
#[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
#[content(structured)]
struct Chart {
    #[content(text)]
    title: String,
    #[content(image(mime = "image/png"))]
    #[serde(skip)]
    png: Vec<u8>,
    #[content(audio(mime = "audio/wav"))]
    #[serde(skip)]
    sound: Option<Vec<u8>>,
    #[content(resource(uri = "chart://raw", mime = "application/octet-stream"))]
    #[serde(skip)]
    raw: Vec<u8>,
    points: u32,
}

#[test]
fn binary_fields_stay_out_of_structured_content_and_read_back_from_their_blocks() {
    use mcp_content::StructuredOutput;
    let chart = Chart {
        title: "Rain".into(),
        png: vec![0x89, b'P', b'N', b'G', 0, 255],
        sound: Some(vec![1, 2, 3]),
        raw: vec![9; 40],
        points: 7,
    };
    let written = json(chart);
    let value: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(
        value["structuredContent"],
        serde_json::json!({"title": "Rain", "points": 7})
    );
    let schema = serde_json::Value::Object(Chart::output_schema().unwrap());
    let properties = schema["properties"].as_object().unwrap();
    let mut names: Vec<&str> = properties.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(names, ["points", "title"]);
    let read: Chart = read(&written).unwrap();
    assert_eq!(read.png, [0x89, b'P', b'N', b'G', 0, 255]);
    assert_eq!(read.sound, Some(vec![1, 2, 3]));
    assert_eq!(read.raw, vec![9; 40]);
    assert_eq!((read.title.as_str(), read.points), ("Rain", 7));
}

#[test]
fn an_integer_past_64_bits_a_value_field_would_round_is_refused_naming_its_path() {
    #[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
    #[content(structured)]
    struct Usage {
        total: u128,
        stats: serde_json::Value,
    }
    // What another SDK sends: `structuredContent` alone.
    let rounded = r#"{"content":[],"structuredContent":{"total":18446744073709551617,"stats":{"peak":[1,18446744073709551617]}}}"#;
    let error = read::<Usage>(rounded).unwrap_err();
    assert_eq!(error.path(), "structuredContent.stats.peak[1]", "{error}");
    assert!(
        error.detail().contains("use u128, i128 or RawJson"),
        "{error}"
    );
    // The same integer in a `u128` field, and a float literal in the `Value`, read.
    let exact = r#"{"content":[],"structuredContent":{"total":18446744073709551617,"stats":{"peak":[1,1.8446744073709552e19]}}}"#;
    let usage = read::<Usage>(exact).unwrap();
    assert_eq!(usage.total, 18_446_744_073_709_551_617);
    assert_eq!(usage.stats["peak"][1], 18_446_744_073_709_551_616.0);
}

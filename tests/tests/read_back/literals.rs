//! Reading back refuses a block (or result) that does not carry a literal value its
//! attributes declare: literal annotations (`audience`, `priority`, `last_modified`), a
//! block's, a resource's contents' or the result's literal `_meta` entries, a link's literal
//! `title`, `description` and `size`. Missing or different is refused, naming the JSON path,
//! the field (or type), the literal and what was found; the written form always reads back.
//! An enum's variant whose literals disagree is not read: the next one is tried.

use crate::read_every_way::read;
use mcp_content::model::Uri;
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, ReadError,
    SerializeFor, read_json,
};

/// The written form of `value`, as JSON text.
fn written<T: IntoCallToolResult>(value: T) -> String {
    value
        .into_call_tool_result()
        .to_value_for(ProtocolVersion::LATEST)
        .to_string()
}

fn refused<T: FromContent + std::fmt::Debug + PartialEq>(json: &str) -> String {
    read::<T>(json).expect_err("refused").to_string()
}

const REST: &str =
    "(a block or result is read only when it carries the literal values its attributes write)";

#[derive(Content, Debug, PartialEq, Clone)]
struct Annotated {
    #[content(text, annotations(audience = ["user", "assistant"], priority = 0.5, last_modified = "2025-01-12T15:00:58Z"))]
    note: String,
}

fn note(annotations: &str) -> String {
    format!(r#"{{"content":[{{"type":"text","text":"a","annotations":{annotations}}}]}}"#)
}

#[test]
fn literal_annotations_round_trip() {
    let value = Annotated { note: "hi".into() };
    assert_eq!(read::<Annotated>(&written(value.clone())).unwrap(), value);
}

#[test]
fn priority_compares_as_a_number() {
    let json = note(
        r#"{"audience":["user","assistant"],"priority":0.50,"lastModified":"2025-01-12T15:00:58Z"}"#,
    );
    assert_eq!(read::<Annotated>(&json).unwrap().note, "a");
    let json = note(
        r#"{"audience":["user","assistant"],"priority":5e-1,"lastModified":"2025-01-12T15:00:58Z"}"#,
    );
    assert!(read::<Annotated>(&json).is_ok());
}

#[test]
fn different_priority_is_refused() {
    let json = note(
        r#"{"audience":["user","assistant"],"priority":0.7,"lastModified":"2025-01-12T15:00:58Z"}"#,
    );
    assert_eq!(
        refused::<Annotated>(&json),
        format!(
            "content[0].annotations.priority: field `note` declares priority 0.5, found 0.7 {REST}"
        )
    );
}

#[test]
fn missing_priority_is_refused() {
    let json = note(r#"{"audience":["user","assistant"],"lastModified":"2025-01-12T15:00:58Z"}"#);
    assert_eq!(
        refused::<Annotated>(&json),
        format!(
            "content[0].annotations.priority: field `note` declares priority 0.5, found none {REST}"
        )
    );
    // No annotations at all: the first literal is named.
    assert_eq!(
        refused::<Annotated>(r#"{"content":[{"type":"text","text":"a"}]}"#),
        format!(
            "content[0].annotations.audience: field `note` declares audience [\"user\", \"assistant\"], found none {REST}"
        )
    );
}

#[test]
fn audience_compares_as_a_set() {
    let json = note(
        r#"{"audience":["assistant","user"],"priority":0.5,"lastModified":"2025-01-12T15:00:58Z"}"#,
    );
    assert!(read::<Annotated>(&json).is_ok());
    let json =
        note(r#"{"audience":["user"],"priority":0.5,"lastModified":"2025-01-12T15:00:58Z"}"#);
    assert_eq!(
        refused::<Annotated>(&json),
        format!(
            "content[0].annotations.audience: field `note` declares audience [\"user\", \"assistant\"], found [\"user\"] {REST}"
        )
    );
}

#[test]
fn last_modified_compares_as_written() {
    let json = note(
        r#"{"audience":["user","assistant"],"priority":0.5,"lastModified":"2025-01-13T15:00:58Z"}"#,
    );
    assert_eq!(
        refused::<Annotated>(&json),
        format!(
            "content[0].annotations.lastModified: field `note` declares lastModified \"2025-01-12T15:00:58Z\", found \"2025-01-13T15:00:58Z\" {REST}"
        )
    );
    let json = note(r#"{"audience":["user","assistant"],"priority":0.5}"#);
    assert!(refused::<Annotated>(&json).contains("found none"));
}

/// The container's annotations, on every block (the shared envelope).
#[derive(Content, Debug, PartialEq, Clone)]
#[content(annotations(priority = 1))]
struct Shared {
    #[content(text)]
    a: String,
    #[content(text)]
    b: Vec<String>,
}

#[test]
fn container_annotations_are_checked_on_every_block() {
    let value = Shared {
        a: "x".into(),
        b: vec!["y".into()],
    };
    assert_eq!(read::<Shared>(&written(value.clone())).unwrap(), value);
    let json = r#"{"content":[{"type":"text","text":"x","annotations":{"priority":1.0}},{"type":"text","text":"y","annotations":{"priority":0.2}}]}"#;
    assert_eq!(
        refused::<Shared>(json),
        format!("content[1].annotations.priority: field `b` declares priority 1, found 0.2 {REST}")
    );
}

#[derive(Content, Debug, PartialEq, Clone)]
struct Linked {
    #[content(link(
        name = "report",
        title = "Report 1",
        description = "The report",
        size = 2048
    ))]
    report: Uri,
}

fn link(parts: &str) -> String {
    format!(
        r#"{{"content":[{{"type":"resource_link","uri":"file:///r.csv","name":"report"{parts}}}]}}"#
    )
}

#[test]
fn literal_link_parts_round_trip() {
    let value = Linked {
        report: Uri::new("file:///r.csv").unwrap(),
    };
    assert_eq!(read::<Linked>(&written(value.clone())).unwrap(), value);
    // A size spelled 2048.0 is the integer 2048.
    let json = link(r#","title":"Report 1","description":"The report","size":2048.0"#);
    assert!(read::<Linked>(&json).is_ok());
}

#[test]
fn different_link_parts_are_refused() {
    let json = link(r#","title":"Report 2","description":"The report","size":2048"#);
    assert_eq!(
        refused::<Linked>(&json),
        format!(
            "content[0].title: field `report` declares title \"Report 1\", found \"Report 2\" {REST}"
        )
    );
    let json = link(r#","title":"Report 1","description":"Other","size":2048"#);
    assert_eq!(
        refused::<Linked>(&json),
        format!(
            "content[0].description: field `report` declares description \"The report\", found \"Other\" {REST}"
        )
    );
    let json = link(r#","title":"Report 1","description":"The report","size":2049"#);
    assert_eq!(
        refused::<Linked>(&json),
        format!("content[0].size: field `report` declares size 2048, found 2049 {REST}")
    );
}

#[test]
fn missing_link_parts_are_refused() {
    let json = link(r#","description":"The report","size":2048"#);
    assert_eq!(
        refused::<Linked>(&json),
        format!("content[0].title: field `report` declares title \"Report 1\", found none {REST}")
    );
    let json = link(r#","title":"Report 1","description":"The report""#);
    assert_eq!(
        refused::<Linked>(&json),
        format!("content[0].size: field `report` declares size 2048, found none {REST}")
    );
}

#[derive(Content, Debug, PartialEq, Clone)]
#[content(meta("com.example/kind" = "report", "com.example/version" = 2))]
struct WithMeta {
    #[content(text, meta("com.example/lang" = "en", "com.example/draft" = false))]
    body: String,
    #[content(resource(uri = "file:///r.txt", text), resource_meta("com.example/enc" = "utf-8"))]
    file: String,
}

fn with_meta(result_meta: &str, block_meta: &str, contents_meta: &str) -> String {
    format!(
        r#"{{"content":[{{"type":"text","text":"b","_meta":{block_meta}}},{{"type":"resource","resource":{{"uri":"file:///r.txt","text":"f","_meta":{contents_meta}}}}}],"_meta":{result_meta}}}"#
    )
}

const RESULT_META: &str = r#"{"com.example/kind":"report","com.example/version":2}"#;
const BLOCK_META: &str = r#"{"com.example/lang":"en","com.example/draft":false}"#;
const CONTENTS_META: &str = r#"{"com.example/enc":"utf-8"}"#;

#[test]
fn literal_meta_round_trips() {
    let value = WithMeta {
        body: "b".into(),
        file: "f".into(),
    };
    assert_eq!(read::<WithMeta>(&written(value.clone())).unwrap(), value);
    assert!(read::<WithMeta>(&with_meta(RESULT_META, BLOCK_META, CONTENTS_META)).is_ok());
    // Numbers compare as numbers.
    let result = r#"{"com.example/kind":"report","com.example/version":2.0}"#;
    assert!(read::<WithMeta>(&with_meta(result, BLOCK_META, CONTENTS_META)).is_ok());
}

#[test]
fn different_result_meta_is_refused() {
    let result = r#"{"com.example/kind":"chart","com.example/version":2}"#;
    assert_eq!(
        refused::<WithMeta>(&with_meta(result, BLOCK_META, CONTENTS_META)),
        format!(
            "_meta.com.example/kind: `WithMeta` declares _meta entry \"com.example/kind\" \"report\", found \"chart\" {REST}"
        )
    );
    let result = r#"{"com.example/kind":"report","com.example/version":"2"}"#;
    assert_eq!(
        refused::<WithMeta>(&with_meta(result, BLOCK_META, CONTENTS_META)),
        format!(
            "_meta.com.example/version: `WithMeta` declares _meta entry \"com.example/version\" 2, found \"2\" {REST}"
        )
    );
}

#[test]
fn missing_result_meta_is_refused() {
    let result = r#"{"com.example/version":2}"#;
    assert_eq!(
        refused::<WithMeta>(&with_meta(result, BLOCK_META, CONTENTS_META)),
        format!(
            "_meta.com.example/kind: `WithMeta` declares _meta entry \"com.example/kind\" \"report\", found none {REST}"
        )
    );
}

#[test]
fn from_content_reads_blocks_alone() {
    // No result, so no result `_meta` to check; the blocks' own literals still are.
    let result: CallToolResult =
        read_json(with_meta("{}", BLOCK_META, CONTENTS_META).as_bytes()).unwrap();
    assert!(WithMeta::from_content(&result.content).is_ok());
    let result: CallToolResult =
        read_json(with_meta("{}", "{}", CONTENTS_META).as_bytes()).unwrap();
    assert!(WithMeta::from_content(&result.content).is_err());
}

#[test]
fn different_block_meta_is_refused() {
    let block = r#"{"com.example/lang":"de","com.example/draft":false}"#;
    assert_eq!(
        refused::<WithMeta>(&with_meta(RESULT_META, block, CONTENTS_META)),
        format!(
            "content[0]._meta.com.example/lang: field `body` declares _meta entry \"com.example/lang\" \"en\", found \"de\" {REST}"
        )
    );
    let block = r#"{"com.example/lang":"en","com.example/draft":true}"#;
    assert_eq!(
        refused::<WithMeta>(&with_meta(RESULT_META, block, CONTENTS_META)),
        format!(
            "content[0]._meta.com.example/draft: field `body` declares _meta entry \"com.example/draft\" false, found true {REST}"
        )
    );
}

#[test]
fn missing_block_meta_is_refused() {
    let block = r#"{"com.example/draft":false}"#;
    assert_eq!(
        refused::<WithMeta>(&with_meta(RESULT_META, block, CONTENTS_META)),
        format!(
            "content[0]._meta.com.example/lang: field `body` declares _meta entry \"com.example/lang\" \"en\", found none {REST}"
        )
    );
}

#[test]
fn contents_meta_is_checked() {
    assert_eq!(
        refused::<WithMeta>(&with_meta(
            RESULT_META,
            BLOCK_META,
            r#"{"com.example/enc":"latin1"}"#
        )),
        format!(
            "content[1].resource._meta.com.example/enc: field `file` declares _meta entry \"com.example/enc\" \"utf-8\", found \"latin1\" {REST}"
        )
    );
    assert!(refused::<WithMeta>(&with_meta(RESULT_META, BLOCK_META, "{}")).contains("found none"));
}

#[test]
fn found_values_are_cut() {
    let long = "x".repeat(1000);
    let block = format!(r#"{{"com.example/lang":"{long}","com.example/draft":false}}"#);
    let message = refused::<WithMeta>(&with_meta(RESULT_META, &block, CONTENTS_META));
    assert!(message.len() < 400, "{message}");
    assert!(message.contains('…'), "{message}");
}

/// Variants told apart by a literal result `_meta` entry only.
#[derive(Content, Debug, PartialEq, Clone)]
enum Event {
    #[content(meta("com.example/kind" = "info"))]
    Info(#[content(text)] String),
    #[content(meta("com.example/kind" = "warning"))]
    Warning(#[content(text)] String),
}

#[test]
fn an_enum_picks_the_variant_by_its_literal_meta() {
    for value in [Event::Info("a".into()), Event::Warning("b".into())] {
        assert_eq!(read::<Event>(&written(value.clone())).unwrap(), value);
    }
    let json = r#"{"content":[{"type":"text","text":"w"}],"_meta":{"com.example/kind":"warning"}}"#;
    assert_eq!(read::<Event>(json).unwrap(), Event::Warning("w".into()));
    let json = r#"{"content":[{"type":"text","text":"w"}],"_meta":{"com.example/kind":"debug"}}"#;
    assert_eq!(
        refused::<Event>(json),
        format!(
            "content: no variant of `Event` reads it: \
             `Info`: _meta.com.example/kind: `Event::Info` declares _meta entry \"com.example/kind\" \"info\", found \"debug\" {REST}; \
             `Warning`: _meta.com.example/kind: `Event::Warning` declares _meta entry \"com.example/kind\" \"warning\", found \"debug\" {REST}"
        )
    );
}

/// A struct that declares no literal reads any annotations and `_meta`.
#[derive(Content, Debug, PartialEq)]
struct Plain {
    #[content(text)]
    a: String,
}

#[test]
fn no_literals_no_checks() {
    let json = r#"{"content":[{"type":"text","text":"a","annotations":{"priority":0.3},"_meta":{"k":1}}],"_meta":{"x":2}}"#;
    assert_eq!(read::<Plain>(json).unwrap().a, "a");
}

/// `ui(…)` writes the contents' `_meta.ui`: compared as a JSON value.
#[derive(Content, Debug, PartialEq, Clone)]
struct WithView {
    #[content(
        resource(uri = "ui://weather/view.html", mime = "text/html;profile=mcp-app"),
        ui(csp(connect = ["https://api.weather.example"]), prefers_border = true)
    )]
    view: String,
}

fn view(meta: &str) -> String {
    format!(
        r#"{{"content":[{{"type":"resource","resource":{{"uri":"ui://weather/view.html","mimeType":"text/html;profile=mcp-app","text":"<p>","_meta":{meta}}}}}]}}"#
    )
}

#[test]
fn ui_meta_is_checked_as_json() {
    let value = WithView { view: "<p>".into() };
    assert_eq!(read::<WithView>(&written(value.clone())).unwrap(), value);
    // Key order and spacing aside.
    let json = view(
        r#"{"ui": {"prefersBorder": true, "csp": {"connectDomains": ["https://api.weather.example"]}}}"#,
    );
    assert_eq!(read::<WithView>(&json).unwrap(), value);
    let json =
        view(r#"{"ui":{"csp":{"connectDomains":["https://evil.example"]},"prefersBorder":true}}"#);
    assert_eq!(
        refused::<WithView>(&json),
        format!(
            "content[0].resource._meta.ui: field `view` declares _meta entry \"ui\" \
             {{\"csp\":{{\"connectDomains\":[\"https://api.weather.example\"]}},\"prefersBorder\":true}}, \
             found {{\"csp\":{{\"connectDomains\":[\"https://evil.example\"]}},\"prefersBorder\":true}} {REST}"
        )
    );
    assert!(refused::<WithView>(&view("{}")).contains("found none"));
}

/// A variant's own annotations override the enum's, and are checked as the variant's.
#[derive(Content, Debug, PartialEq, Clone)]
#[content(annotations(priority = 0.2))]
enum Ranked {
    #[content(annotations(priority = 0.9))]
    Urgent(#[content(text)] String),
    Picture(#[content(image(mime = "image/png"))] Vec<u8>),
}

#[test]
fn a_variants_literal_annotations_are_checked() {
    for value in [Ranked::Urgent("a".into()), Ranked::Picture(vec![1])] {
        assert_eq!(read::<Ranked>(&written(value.clone())).unwrap(), value);
    }
    let json = r#"{"content":[{"type":"text","text":"x","annotations":{"priority":0.2}}]}"#;
    assert_eq!(
        refused::<Ranked>(json),
        format!(
            "content: no variant of `Ranked` reads it: \
             `Urgent`: content[0].annotations.priority: field `_0` declares priority 0.9, found 0.2 {REST}; \
             `Picture`: content[0]: unexpected text block: field `_0` expects an image (image/png) block \
             and no field of `Ranked::Picture` is left to take a text block"
        )
    );
}

/// A `structured` type read from `structuredContent` alone still checks the result's `_meta`.
#[derive(
    Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema, Debug, PartialEq, Clone,
)]
#[content(structured, meta("com.example/kind" = "point"))]
struct Point {
    x: i32,
}

/// A `structured` type reads a whole result (`structuredContent` is not among the blocks).
fn read_result<T: FromContent + std::fmt::Debug + PartialEq>(json: &str) -> Result<T, ReadError> {
    let result: CallToolResult = read_json(json.as_bytes()).expect("reads");
    let borrowed = T::from_call_tool_result(&result);
    let owned = T::from_owned_call_tool_result(result);
    assert_eq!(format!("{borrowed:?}"), format!("{owned:?}"));
    borrowed
}

#[test]
fn structured_content_alone_checks_the_result_meta() {
    let value = Point { x: 1 };
    assert_eq!(
        read_result::<Point>(&written(value.clone())).unwrap(),
        value
    );
    let json = r#"{"content":[],"structuredContent":{"x":1},"_meta":{"com.example/kind":"point"}}"#;
    assert_eq!(read_result::<Point>(json).unwrap(), value);
    let json = r#"{"content":[],"structuredContent":{"x":1},"_meta":{"com.example/kind":"line"}}"#;
    assert_eq!(
        read_result::<Point>(json).unwrap_err().to_string(),
        format!(
            "_meta.com.example/kind: `Point` declares _meta entry \"com.example/kind\" \"point\", found \"line\" {REST}"
        )
    );
    let json = r#"{"content":[{"type":"text","text":"{\"x\":1}"}],"structuredContent":{"x":1}}"#;
    assert!(
        read_result::<Point>(json)
            .unwrap_err()
            .to_string()
            .contains("found none")
    );
}

/// Negative and fractional literal numbers in `_meta` compare as numbers.
#[derive(Content, Debug, PartialEq, Clone)]
#[content(meta("com.example/offset" = -3, "com.example/scale" = 1.5))]
struct Numbers {
    #[content(text)]
    a: String,
}

#[test]
fn literal_numbers_compare_as_numbers() {
    let value = Numbers { a: "a".into() };
    assert_eq!(read::<Numbers>(&written(value.clone())).unwrap(), value);
    let json = r#"{"content":[{"type":"text","text":"a"}],"_meta":{"com.example/offset":-3.0,"com.example/scale":15e-1}}"#;
    assert_eq!(read::<Numbers>(json).unwrap(), value);
    let json = r#"{"content":[{"type":"text","text":"a"}],"_meta":{"com.example/offset":3,"com.example/scale":1.5}}"#;
    assert_eq!(
        refused::<Numbers>(json),
        format!(
            "_meta.com.example/offset: `Numbers` declares _meta entry \"com.example/offset\" -3, found 3 {REST}"
        )
    );
}

/// A flattened type's literals are checked as its own.
#[derive(Content, Debug, PartialEq, Clone)]
#[content(meta("com.example/part" = "inner"))]
struct Inner {
    #[content(text, annotations(priority = 0.25))]
    b: String,
}

#[derive(Content, Debug, PartialEq, Clone)]
struct Outer {
    #[content(text)]
    a: String,
    #[content(flatten)]
    inner: Inner,
}

#[test]
fn a_flattened_types_literals_are_checked() {
    let value = Outer {
        a: "a".into(),
        inner: Inner { b: "b".into() },
    };
    assert_eq!(read::<Outer>(&written(value.clone())).unwrap(), value);
    let json = r#"{"content":[{"type":"text","text":"a"},{"type":"text","text":"b","annotations":{"priority":0.3}}],"_meta":{"com.example/part":"inner"}}"#;
    assert_eq!(
        refused::<Outer>(json),
        format!(
            "content[1].annotations.priority: field `b` declares priority 0.25, found 0.3 {REST}"
        )
    );
    let json = r#"{"content":[{"type":"text","text":"a"},{"type":"text","text":"b","annotations":{"priority":0.25}}]}"#;
    assert_eq!(
        refused::<Outer>(json),
        format!(
            "_meta.com.example/part: `Inner` declares _meta entry \"com.example/part\" \"inner\", found none {REST}"
        )
    );
}

/// What each protocol version's writer keeps of the literals reads back for that version.
#[test]
fn every_versions_written_form_reads_back() {
    fn each<T: IntoCallToolResult + FromContent + Clone + PartialEq + std::fmt::Debug>(value: &T) {
        for version in mcp_content_tests::VERSIONS {
            let protocol = ProtocolVersion::parse(version).unwrap();
            let json = value.clone().into_call_tool_result().to_json_for(protocol);
            let read: CallToolResult = read_json(&json).unwrap();
            assert_eq!(
                &T::from_call_tool_result(&read).unwrap_or_else(|e| panic!("{version}: {e}")),
                value
            );
        }
    }
    each(&Annotated { note: "n".into() });
    each(&Linked {
        report: Uri::new("file:///r.csv").unwrap(),
    });
    each(&WithMeta {
        body: "b".into(),
        file: "f".into(),
    });
    each(&WithView { view: "<p>".into() });
    each(&Event::Warning("w".into()));
}

/// Integers compare exactly, past 2^53 too; an integer is not a fraction.
#[derive(Content, Debug, PartialEq, Clone)]
#[content(meta("com.example/id" = 9007199254740993, "com.example/n" = 2))]
struct BigId {
    #[content(text)]
    a: String,
}

#[test]
fn literal_integers_compare_exactly() {
    let value = BigId { a: "a".into() };
    assert_eq!(read::<BigId>(&written(value.clone())).unwrap(), value);
    let meta = |id: &str, n: &str| {
        format!(
            r#"{{"content":[{{"type":"text","text":"a"}}],"_meta":{{"com.example/id":{id},"com.example/n":{n}}}}}"#
        )
    };
    assert!(read::<BigId>(&meta("9007199254740993", "2.0")).is_ok());
    assert_eq!(
        refused::<BigId>(&meta("9007199254740992", "2")),
        format!(
            "_meta.com.example/id: `BigId` declares _meta entry \"com.example/id\" 9007199254740993, found 9007199254740992 {REST}"
        )
    );
    assert!(
        refused::<BigId>(&meta("9007199254740993.0", "2")).contains("found 9007199254740993.0")
    );
    assert!(refused::<BigId>(&meta("9007199254740993", "2.5")).contains("found 2.5"));
}

/// Variants told apart by a block's literal annotations only.
#[derive(Content, Debug, PartialEq, Clone)]
#[content(annotations(priority = 0.2))]
enum Urgency {
    #[content(annotations(priority = 0.9))]
    Urgent(#[content(text)] String),
    Normal(#[content(text)] String),
}

#[test]
fn an_enum_picks_the_variant_by_its_literal_annotations() {
    for value in [Urgency::Urgent("a".into()), Urgency::Normal("b".into())] {
        assert_eq!(read::<Urgency>(&written(value.clone())).unwrap(), value);
    }
    let json = r#"{"content":[{"type":"text","text":"x","annotations":{"priority":0.2}}]}"#;
    assert_eq!(read::<Urgency>(json).unwrap(), Urgency::Normal("x".into()));
    let json = r#"{"content":[{"type":"text","text":"x","annotations":{"priority":0.5}}]}"#;
    assert!(refused::<Urgency>(json).starts_with("content: no variant of `Urgency` reads it"));
}

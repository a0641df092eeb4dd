//! Golden JSON of `#[derive(Content)]`: for every field kind and `_meta` placement, the exact
//! JSON a derived result writes, validated against the official schema of every protocol
//! version (`CallToolResult`), and read back.

use std::fmt::Debug;

use mcp_content::model::{Base64Data, MimeType, Priority, Role, Timestamp, Uri};
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor,
    StructuredOutput, output_schema_for,
};
use mcp_content_tests::{VERSIONS, assert_valid};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Writes `value`'s result for the latest version, compares it with `expected`, validates it
/// for every version, and reads it back (through JSON bytes) into an equal value.
fn golden<T>(value: &T, expected: &str)
where
    T: IntoCallToolResult + FromContent + Clone + PartialEq + Debug,
{
    let result = value.clone().into_call_tool_result();
    let json = String::from_utf8(result.to_json_for(ProtocolVersion::LATEST)).unwrap();
    assert_eq!(json, expected);
    for version in VERSIONS {
        let protocol = ProtocolVersion::parse(version).unwrap();
        assert_valid(version, "CallToolResult", &result.to_value_for(protocol));
    }
    let read: CallToolResult = mcp_content::read_json(json.as_bytes()).unwrap();
    assert_eq!(&T::from_call_tool_result(&read).unwrap(), value);
}

#[derive(Content, Clone, PartialEq, Debug)]
struct Texts {
    #[content(text)]
    summary: String,
    #[content(text)]
    count: u32,
    #[content(text(json))]
    point: Point,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Debug)]
struct Point {
    x: i32,
    y: i32,
}

#[test]
fn text_from_string_display_and_json() {
    golden(
        &Texts {
            summary: "Sunny".into(),
            count: 3,
            point: Point { x: 1, y: -2 },
        },
        r#"{"content":[{"type":"text","text":"Sunny"},{"type":"text","text":"3"},{"type":"text","text":"{\"x\":1,\"y\":-2}"}],"resultType":"complete"}"#,
    );
}

#[derive(Content, Clone, PartialEq, Debug)]
struct Media {
    #[content(image(mime = "image/png"))]
    chart: Vec<u8>,
    #[content(audio(mime = clip_type))]
    clip: Base64Data,
    clip_type: MimeType,
}

#[test]
fn image_and_audio_with_literal_and_field_mime() {
    golden(
        &Media {
            chart: b"png".to_vec(),
            clip: Base64Data::from_bytes(b"wav".to_vec()),
            clip_type: MimeType::new("audio/wav").unwrap(),
        },
        r#"{"content":[{"type":"image","data":"cG5n","mimeType":"image/png"},{"type":"audio","data":"d2F2","mimeType":"audio/wav"}],"resultType":"complete"}"#,
    );
}

#[derive(Content, Clone, PartialEq, Debug)]
struct Resources {
    #[content(resource(uri = "weather://{city}/raw.json", mime = "application/json"))]
    raw: String,
    #[content(resource(uri = "file:///{+dir}/chart.png", mime = "image/png"))]
    chart: Vec<u8>,
    #[content(text)]
    city: String,
    dir: String,
}

#[test]
fn embedded_text_and_blob_resources_with_templates() {
    golden(
        &Resources {
            raw: "{}".into(),
            chart: vec![1, 2, 3],
            city: "São Paulo".into(),
            dir: "2025/01".into(),
        },
        r#"{"content":[{"type":"resource","resource":{"uri":"weather://S%C3%A3o%20Paulo/raw.json","mimeType":"application/json","text":"{}"}},{"type":"resource","resource":{"uri":"file:///2025/01/chart.png","mimeType":"image/png","blob":"AQID"}},{"type":"text","text":"São Paulo"}],"resultType":"complete"}"#,
    );
}

#[derive(Content, Clone, PartialEq, Debug)]
struct Links {
    #[content(link(
        name = "report",
        title = "Report",
        description = "Monthly",
        mime = "text/csv",
        size = 2048
    ))]
    report: Uri,
    #[content(link(name = "log", title = log_title))]
    log: Option<Uri>,
    log_title: Option<String>,
}

#[test]
fn resource_links_with_every_part() {
    golden(
        &Links {
            report: Uri::new("file:///report.csv").unwrap(),
            log: Some(Uri::new("file:///app.log").unwrap()),
            log_title: Some("App log".into()),
        },
        r#"{"content":[{"type":"resource_link","uri":"file:///report.csv","name":"report","title":"Report","description":"Monthly","mimeType":"text/csv","size":2048},{"type":"resource_link","uri":"file:///app.log","name":"log","title":"App log"}],"resultType":"complete"}"#,
    );
}

#[derive(Content, Clone, PartialEq, Debug)]
#[content(annotations(audience = ["user"], priority = 0.5))]
struct Annotated {
    #[content(text)]
    defaults: String,
    #[content(text, annotations(audience = ["assistant"], priority = 0, last_modified = "2025-01-12T15:00:58Z"))]
    literal: String,
    #[content(text, annotations(priority = importance, last_modified = changed))]
    from_fields: String,
    importance: Priority,
    changed: Option<Timestamp>,
}

#[test]
fn annotations_defaults_overrides_and_fields() {
    golden(
        &Annotated {
            defaults: "a".into(),
            literal: "b".into(),
            from_fields: "c".into(),
            importance: Priority::new(1.0).unwrap(),
            changed: None,
        },
        r#"{"content":[{"type":"text","text":"a","annotations":{"audience":["user"],"priority":0.5}},{"type":"text","text":"b","annotations":{"audience":["assistant"],"priority":0.0,"lastModified":"2025-01-12T15:00:58Z"}},{"type":"text","text":"c","annotations":{"audience":["user"],"priority":1.0}}],"resultType":"complete"}"#,
    );
}

#[derive(Content, Clone, PartialEq, Debug)]
#[content(meta("com.example/source" = "weather-api", "com.example/run" = run))]
struct MetaEverywhere {
    #[content(text, meta("com.example/alt" = "summary", "com.example/lang" = lang))]
    summary: String,
    #[content(
        resource(uri = "file:///raw.json"),
        meta("com.example/block" = true),
        resource_meta("com.example/schema" = "v2", "com.example/rev" = rev)
    )]
    raw: String,
    #[content(meta = "com.example/city")]
    city: String,
    #[content(meta = "com.example/note")]
    note: Option<String>,
    run: u64,
    lang: String,
    rev: i32,
}

#[test]
fn meta_in_all_three_places_from_literals_and_fields() {
    golden(
        &MetaEverywhere {
            summary: "s".into(),
            raw: "{}".into(),
            city: "Paris".into(),
            note: None,
            run: 7,
            lang: "en".into(),
            rev: -1,
        },
        r#"{"content":[{"type":"text","text":"s","_meta":{"com.example/alt":"summary","com.example/lang":"en"}},{"type":"resource","resource":{"uri":"file:///raw.json","text":"{}","_meta":{"com.example/rev":-1,"com.example/schema":"v2"}},"_meta":{"com.example/block":true}}],"_meta":{"com.example/city":"Paris","com.example/run":7,"com.example/source":"weather-api"},"resultType":"complete"}"#,
    );
}

#[derive(Content, Clone, PartialEq, Debug)]
#[content(meta("com.example/part" = "header"))]
struct Header {
    #[content(text)]
    title: String,
    #[content(meta = "com.example/id")]
    id: u32,
}

#[derive(Content, Clone, PartialEq, Debug)]
struct Page {
    #[content(flatten)]
    header: Header,
    #[content(image(mime = "image/png"))]
    figure: Option<Vec<u8>>,
    #[content(text)]
    footnotes: Vec<String>,
    #[content(skip)]
    cache: Vec<u8>,
}

#[test]
fn option_vec_nested_and_skip() {
    let page = Page {
        header: Header {
            title: "T".into(),
            id: 9,
        },
        figure: None,
        footnotes: vec!["1".into(), "2".into()],
        cache: vec![],
    };
    golden(
        &page,
        r#"{"content":[{"type":"text","text":"T"},{"type":"text","text":"1"},{"type":"text","text":"2"}],"_meta":{"com.example/id":9,"com.example/part":"header"},"resultType":"complete"}"#,
    );
    golden(
        &Page {
            figure: Some(vec![0]),
            footnotes: vec![],
            ..page
        },
        r#"{"content":[{"type":"text","text":"T"},{"type":"image","data":"AA==","mimeType":"image/png"}],"_meta":{"com.example/id":9,"com.example/part":"header"},"resultType":"complete"}"#,
    );
}

#[test]
fn empty_meta_and_annotations_are_omitted() {
    #[derive(Content, Clone, PartialEq, Debug)]
    struct Plain {
        #[content(text, meta("com.example/x" = note), annotations(priority = level))]
        text: String,
        note: Option<String>,
        level: Option<Priority>,
    }
    golden(
        &Plain {
            text: "t".into(),
            note: None,
            level: None,
        },
        r#"{"content":[{"type":"text","text":"t"}],"resultType":"complete"}"#,
    );
}

#[derive(Content, Serialize, Deserialize, JsonSchema, Clone, PartialEq, Debug)]
#[content(structured)]
struct Weather {
    #[content(text)]
    summary: String,
    temperature: f64,
}

#[test]
fn structured_content_with_its_text_block_and_schema() {
    golden(
        &Weather {
            summary: "Sunny".into(),
            temperature: 24.5,
        },
        r#"{"content":[{"type":"text","text":"Sunny"},{"type":"text","text":"{\"summary\":\"Sunny\",\"temperature\":24.5}"}],"structuredContent":{"summary":"Sunny","temperature":24.5},"resultType":"complete"}"#,
    );
    let schema = Weather::output_schema().unwrap();
    assert_eq!(schema["type"], "object");
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(
        output_schema_for::<Weather>(ProtocolVersion::V2025_06_18),
        Some(schema)
    );
    assert_eq!(Texts::output_schema(), None);
}

#[test]
fn versions_differ_only_where_the_protocol_does() {
    let result = Texts {
        summary: "s".into(),
        count: 1,
        point: Point { x: 0, y: 0 },
    }
    .into_call_tool_result();
    let old = String::from_utf8(result.to_json_for(ProtocolVersion::V2025_06_18)).unwrap();
    let new = String::from_utf8(result.to_json_for(ProtocolVersion::V2026_07_28)).unwrap();
    assert_eq!(
        format!(
            "{}{}",
            old.trim_end_matches('}'),
            r#","resultType":"complete"}"#
        ),
        new
    );
    let _ = Role::User;
}

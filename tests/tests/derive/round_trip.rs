//! Round trips of `#[derive(Content)]` types: `T::from(into(v)) == v` through JSON bytes, for
//! generated values of structs covering every kind, `Option`, `Vec`, nesting, templated URIs
//! and `_meta` from fields; each read both from a borrowed result and by value.

use mcp_content::model::{Base64Data, MimeType, Priority, Role, Timestamp, Uri};
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor,
    read_json,
};
use proptest::prelude::*;

/// Writes `value` for every protocol version, reads each back from the JSON bytes.
fn round_trip<T>(value: &T)
where
    T: IntoCallToolResult + FromContent + Clone + PartialEq + std::fmt::Debug,
{
    let result = value.clone().into_call_tool_result();
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        let bytes = result.to_json_for(version);
        let read: CallToolResult = read_json(&bytes).unwrap();
        assert_eq!(
            &T::from_call_tool_result(&read).unwrap(),
            value,
            "{}",
            String::from_utf8_lossy(&bytes)
        );
        // The by-value read moves the texts out of the blocks: the same value.
        assert_eq!(
            &T::from_owned_call_tool_result(read).unwrap(),
            value,
            "owned: {}",
            String::from_utf8_lossy(&bytes)
        );
    }
}

#[derive(Content, Clone, PartialEq, Debug)]
#[content(annotations(audience = ["user"]))]
#[content(meta("com.example/source" = "proptest"))]
struct Everything {
    #[content(text)]
    summary: String,
    #[content(text)]
    count: i64,
    #[content(image(mime = "image/png"), meta("com.example/alt" = alt))]
    chart: Vec<u8>,
    #[content(audio(mime = clip_type))]
    clip: Base64Data,
    #[content(resource(uri = "weather://{city}/raw/{day}.json", mime = "application/json"), resource_meta("com.example/rev" = rev))]
    raw: String,
    #[content(resource(uri = "file:///{+dir}/data.bin"))]
    data: Vec<u8>,
    #[content(link(name = "report", title = report_title, size = report_size))]
    report: Uri,
    #[content(text, annotations(priority = importance, audience = readers, last_modified = changed))]
    note: Option<String>,
    #[content(meta = "com.example/city")]
    city: String,
    day: u16,
    dir: String,
    alt: String,
    clip_type: MimeType,
    rev: Option<u32>,
    report_title: Option<String>,
    report_size: Option<u64>,
    importance: Option<Priority>,
    readers: Option<Vec<Role>>,
    changed: Option<Timestamp>,
}

#[derive(Content, Clone, PartialEq, Debug)]
struct Lists {
    #[content(text)]
    first: String,
    #[content(resource(uri = "notes://{topic}/main"))]
    main: String,
    #[content(resource(uri = "notes://{topic}/extra/1"))]
    extra: Option<String>,
    #[content(text)]
    lines: Vec<String>,
    #[content(image(mime = "image/jpeg"))]
    photos: Vec<Vec<u8>>,
    #[content(link)]
    attachments: Vec<Uri>,
    #[content(meta = "com.example/topic")]
    topic: String,
}

#[derive(Content, Clone, PartialEq, Debug)]
#[content(meta("com.example/part" = "inner"))]
struct Inner {
    #[content(image(mime = "image/gif"))]
    icon: Option<Vec<u8>>,
    #[content(meta = "com.example/inner-id")]
    id: u8,
}

#[derive(Content, Clone, PartialEq, Debug)]
struct Outer {
    #[content(text)]
    title: String,
    #[content(flatten)]
    inner: Inner,
    #[content(audio(mime = "audio/ogg"))]
    tail: Option<Vec<u8>>,
}

fn text() -> impl Strategy<Value = String> {
    // Any Unicode, including what URIs must percent-encode.
    "\\PC{0,12}"
}

fn uri() -> impl Strategy<Value = Uri> {
    "[a-z]{1,8}".prop_map(|path| Uri::new(format!("file:///{path}")).unwrap())
}

prop_compose! {
    fn everything()(
        summary in text(), count in any::<i64>(), chart in proptest::collection::vec(any::<u8>(), 0..64),
        clip in proptest::collection::vec(any::<u8>(), 0..16), raw in text(), data in proptest::collection::vec(any::<u8>(), 0..16),
        report in uri(), note in proptest::option::of(text()), city in "\\PC{1,8}", day in any::<u16>(),
        dir in "[a-z]{1,4}(/[a-z]{1,4}){0,2}", alt in text(), rev in proptest::option::of(any::<u32>()),
        report_title in proptest::option::of(text()), report_size in proptest::option::of(any::<u64>()),
        importance in proptest::option::of(0.0..=1.0f64),
        readers in proptest::option::of(proptest::collection::vec(prop_oneof![Just(Role::User), Just(Role::Assistant)], 0..3)),
        changed in any::<bool>(),
        kind in prop_oneof![Just("audio/wav"), Just("audio/ogg")],
    ) -> Everything {
        Everything {
            summary, count, chart, clip: Base64Data::from_bytes(clip), raw, data, report,
            note, city, day, dir, alt,
            clip_type: MimeType::new(kind).unwrap(), rev, report_title, report_size,
            importance: importance.map(|p| Priority::new(p).unwrap()),
            readers,
            changed: changed.then(|| Timestamp::new("2025-01-12T15:00:58Z").unwrap()),
        }
    }
}

proptest! {
    #[test]
    fn everything_round_trips(value in everything()) {
        // Values written only into the optional note's annotations are absent with it.
        let mut value = value;
        if value.note.is_none() {
            value.importance = None;
            value.readers = None;
            value.changed = None;
        }
        round_trip(&value);
    }

    #[test]
    fn lists_round_trip(
        first in text(), main in text(), extra in proptest::option::of(text()),
        lines in proptest::collection::vec(text(), 0..4),
        photos in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..8), 0..3),
        attachments in proptest::collection::vec(uri(), 0..3), topic in "\\PC{1,8}",
    ) {
        round_trip(&Lists { first, main, extra, lines, photos, attachments, topic });
    }

    #[test]
    fn nested_round_trips(
        title in text(), icon in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..8)),
        id in any::<u8>(), tail in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..8)),
    ) {
        round_trip(&Outer { title, inner: Inner { icon, id }, tail });
    }
}

#[test]
fn read_errors_name_the_field_the_block_and_what_was_expected() {
    #[derive(Content, Debug)]
    struct Count {
        #[content(text)]
        count: u32,
    }
    let blocks = vec![mcp_content::ContentBlock::text("not a number")];
    let err = Count::from_content(&blocks).unwrap_err();
    assert_eq!(err.path(), "content[0].text");
    assert_eq!(
        err.detail(),
        "field `count`: cannot read \"not a number\" as u32: invalid digit found in string"
    );

    let err = Count::from_content(&[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "content: field `count` expects a text block; found none"
    );

    let two = vec![
        mcp_content::ContentBlock::text("1"),
        mcp_content::ContentBlock::text("2"),
    ];
    let err = Count::from_content(&two).unwrap_err();
    assert_eq!(
        err.to_string(),
        "content[1]: unexpected text block: no field of `Count` is left to take it"
    );

    let err = Everything::from_content(&[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "content: field `summary` expects a text block; found none"
    );

    let failed = CallToolResult::error("city not found");
    let err = Count::from_call_tool_result(&failed).unwrap_err();
    assert_eq!(
        err.to_string(),
        "isError: the tool reported an error: city not found"
    );
}

//! `#[derive(Content)]` on enums: each variant is an alternative layout of the same result.
//! Golden JSON of every variant (validated against the official schemas of every protocol
//! version), round trips through JSON bytes (a proptest over every variant), and the error
//! when no variant reads the content.

use mcp_content::model::{Annotations, Priority, Role, Uri};
use mcp_content::{
    CallToolResult, Content, ContentBlock, FromContent, IntoCallToolResult, IntoContent,
    ProtocolVersion, SerializeFor, StructuredOutput, read_json,
};
use mcp_content_tests::{VERSIONS, assert_valid};
use proptest::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Content, Clone, PartialEq, Debug)]
#[content(annotations(audience = ["user"]))]
#[content(meta("com.example/source" = "enum-test"))]
enum Answer {
    Text(#[content(text)] String),
    #[content(meta("com.example/kind" = "chart"), annotations(priority = 0.5))]
    Chart {
        #[content(image(mime = "image/png"))]
        png: Vec<u8>,
        #[content(text)]
        caption: String,
    },
    Report {
        #[content(resource(uri = "reports://{year}/summary.txt", mime = "text/plain"))]
        summary: String,
        #[content(link(name = "full"))]
        full: Uri,
        #[content(meta = "com.example/pages")]
        pages: Option<u32>,
        year: u16,
    },
    #[content(skip)]
    Nothing,
}

/// Writes `value`'s result for the latest version, compares it with `expected`, validates it
/// for every version, and reads every version back (through JSON bytes) into an equal value.
fn golden<T>(value: &T, expected: &str)
where
    T: IntoCallToolResult + FromContent + Clone + PartialEq + std::fmt::Debug,
{
    let result = value.clone().into_call_tool_result();
    let json = String::from_utf8(result.to_json_for(ProtocolVersion::LATEST)).unwrap();
    assert_eq!(json, expected);
    for version in VERSIONS {
        let protocol = ProtocolVersion::parse(version).unwrap();
        assert_valid(version, "CallToolResult", &result.to_value_for(protocol));
    }
    round_trip(value);
}

/// Writes `value` for every protocol version, reads each back from the JSON bytes.
fn round_trip<T>(value: &T)
where
    T: IntoCallToolResult + FromContent + Clone + PartialEq + std::fmt::Debug,
{
    let result = value.clone().into_call_tool_result();
    for version in VERSIONS {
        let bytes = result.to_json_for(ProtocolVersion::parse(version).unwrap());
        let read: CallToolResult = read_json(&bytes).unwrap();
        assert_eq!(
            &T::from_call_tool_result(&read).unwrap(),
            value,
            "{}",
            String::from_utf8_lossy(&bytes)
        );
        assert_eq!(
            &T::from_owned_call_tool_result(read).unwrap(),
            value,
            "owned: {}",
            String::from_utf8_lossy(&bytes)
        );
    }
}

#[test]
fn a_by_value_read_offers_every_variant_the_whole_text() {
    // Both variants take the text; the first one fails later (on the link's name). Had it
    // moved the text out of the owned block, the second would read an empty string.
    #[derive(Content, Clone, PartialEq, Debug)]
    enum Tagged {
        First {
            #[content(text)]
            word: String,
            #[content(link(name = "first"))]
            source: Uri,
        },
        Second {
            #[content(text)]
            word: String,
            #[content(link(name = "second"))]
            source: Uri,
        },
    }
    let value = Tagged::Second {
        word: "many".into(),
        source: Uri::new("file:///x").unwrap(),
    };
    let result = value.clone().into_call_tool_result();
    assert_eq!(Tagged::from_owned_call_tool_result(result).unwrap(), value);
}

#[test]
fn tuple_variant() {
    golden(
        &Answer::Text("Sunny".into()),
        r#"{"content":[{"type":"text","text":"Sunny","annotations":{"audience":["user"]}}],"_meta":{"com.example/source":"enum-test"},"resultType":"complete"}"#,
    );
}

#[test]
fn struct_variant_with_its_own_meta_and_annotations() {
    golden(
        &Answer::Chart {
            png: vec![1, 2, 3],
            caption: "Temperatures".into(),
        },
        r#"{"content":[{"type":"image","data":"AQID","mimeType":"image/png","annotations":{"audience":["user"],"priority":0.5}},{"type":"text","text":"Temperatures","annotations":{"audience":["user"],"priority":0.5}}],"_meta":{"com.example/kind":"chart","com.example/source":"enum-test"},"resultType":"complete"}"#,
    );
}

#[test]
fn struct_variant_with_template_link_and_meta_field() {
    golden(
        &Answer::Report {
            summary: "All good".into(),
            full: Uri::new("https://example.com/report.pdf").unwrap(),
            pages: Some(12),
            year: 2025,
        },
        r#"{"content":[{"type":"resource","resource":{"uri":"reports://2025/summary.txt","mimeType":"text/plain","text":"All good"},"annotations":{"audience":["user"]}},{"type":"resource_link","uri":"https://example.com/report.pdf","name":"full","annotations":{"audience":["user"]}}],"_meta":{"com.example/pages":12,"com.example/source":"enum-test"},"resultType":"complete"}"#,
    );
}

#[test]
fn unit_variant_writes_no_blocks() {
    golden(
        &Answer::Nothing,
        r#"{"content":[],"_meta":{"com.example/source":"enum-test"},"resultType":"complete"}"#,
    );
    assert!(Answer::Nothing.into_content().is_empty());
}

#[test]
fn error_names_every_variant_when_none_reads() {
    // With the enum's literal audience and `Chart`'s priority: a block without them would be
    // refused for that first.
    let user = |text: &str| {
        let mut block = ContentBlock::text(text);
        let priority = Priority::new(0.5).unwrap();
        let annotations = Annotations::new().audience([Role::User]).priority(priority);
        block.set_annotations(Some(annotations));
        block
    };
    let blocks = [user("a"), user("b")];
    let err = Answer::from_content(&blocks).unwrap_err();
    assert_eq!(err.path(), "content");
    assert_eq!(
        err.to_string(),
        "content: no variant of `Answer` reads it: \
         `Text`: content[1]: unexpected text block: no field of `Answer::Text` is left to take it; \
         `Chart`: content[1]: unexpected text block: field `png` expects an image (image/png) block \
         and no field of `Answer::Chart` is left to take a text block; \
         `Report`: content[0]: unexpected text block: field `summary` expects a resource \
         (`reports://{year}/summary.txt`, text/plain) block and no field of `Answer::Report` is left to take a text block; \
         `Nothing`: content[0]: unexpected text block: no field of `Answer::Nothing` is left to take it"
    );

    let png = Answer::Chart {
        png: vec![0],
        caption: String::new(),
    }
    .into_content();
    let err = Answer::from_content(&png[..1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "content: no variant of `Answer` reads it: \
         `Text`: content[0]: unexpected image block: field `_0` expects a text block \
         and no field of `Answer::Text` is left to take an image block; \
         `Chart`: content: field `caption` expects a text block; found none; \
         `Report`: content[0]: unexpected image block: field `summary` expects a resource \
         (`reports://{year}/summary.txt`, text/plain) block and no field of `Answer::Report` is left to take an image block; \
         `Nothing`: content[0]: unexpected image block: no field of `Answer::Nothing` is left to take it"
    );
}

#[test]
fn a_variant_error_does_not_stop_the_others() {
    // `Count` fails to parse the text; `Word` comes next and reads it.
    #[derive(Content, Clone, PartialEq, Debug)]
    #[content(write_only)]
    enum Loose {
        Count(#[content(text)] u32),
        Word(#[content(text)] String),
    }
    // Written only: both variants take one text block, so reading is ambiguous and the
    // enum is write-only. The same layout, read by hand through a readable twin:
    #[derive(Content, Clone, PartialEq, Debug)]
    enum Strict {
        Count {
            #[content(text)]
            count: u32,
            #[content(link(name = "count"))]
            source: Uri,
        },
        Word {
            #[content(text)]
            word: String,
            #[content(link(name = "word"))]
            source: Uri,
        },
    }
    let uri = Uri::new("file:///x").unwrap();
    assert_eq!(Loose::Count(3).into_content()[0].as_text(), Some("3"));
    let blocks = Loose::Word("many".into()).into_content();
    assert_eq!(blocks[0].as_text(), Some("many"));
    round_trip(&Strict::Count {
        count: 3,
        source: uri.clone(),
    });
    round_trip(&Strict::Word {
        word: "many".into(),
        source: uri,
    });
    let err = Strict::from_content(&[ContentBlock::text("many")]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "content: no variant of `Strict` reads it: \
         `Count`: content[0].text: field `count`: cannot read \"many\" as u32: invalid digit found in string; \
         `Word`: content: field `source` expects a resource_link (named \"word\") block; found none"
    );
}

/// Options and lists: a variant that may write no block comes after the ones that need one.
#[derive(Content, Clone, PartialEq, Debug)]
enum Gallery {
    Photos {
        #[content(image(mime = "image/jpeg"))]
        photos: Vec<Vec<u8>>,
        #[content(text)]
        title: String,
    },
    Source(#[content(link(name = "source"))] Option<Uri>),
}

#[test]
fn options_and_lists() {
    round_trip(&Gallery::Photos {
        photos: vec![vec![1], vec![2, 3]],
        title: "t".into(),
    });
    round_trip(&Gallery::Source(None));
    round_trip(&Gallery::Source(Some(Uri::new("file:///s").unwrap())));
}

/// A structured enum: its serde form in `structuredContent`, read back from there.
#[derive(Content, Serialize, Deserialize, JsonSchema, Clone, PartialEq, Debug)]
#[content(structured(no_text))]
enum Measure {
    Celsius(#[content(text)] f64),
    Label {
        #[content(resource(uri = "labels://main"))]
        text: String,
    },
}

#[test]
fn structured_enum() {
    let result = Measure::Celsius(21.5).into_call_tool_result();
    assert_eq!(
        result.structured_content,
        Some(serde_json::json!({"Celsius": 21.5}).into())
    );
    assert!(Measure::output_schema().is_some());
    round_trip(&Measure::Celsius(21.5));
    round_trip(&Measure::Label {
        text: "warm".into(),
    });
}

/// Generic enums derive the writing side only.
#[derive(Content)]
enum Either<L: std::fmt::Display, R: std::fmt::Display> {
    Left(#[content(text)] L),
    Right(#[content(text)] R),
}

#[test]
fn generic_enum_writes() {
    let blocks = Either::<u8, String>::Left(7).into_content();
    assert_eq!(blocks[0].as_text(), Some("7"));
    let blocks = Either::<u8, String>::Right("r".into()).into_content();
    assert_eq!(blocks[0].as_text(), Some("r"));
}

fn answer() -> impl Strategy<Value = Answer> {
    let text = "\\PC{0,12}";
    prop_oneof![
        text.prop_map(Answer::Text),
        (proptest::collection::vec(any::<u8>(), 0..32), text)
            .prop_map(|(png, caption)| Answer::Chart { png, caption }),
        (
            text,
            "[a-z]{1,8}",
            proptest::option::of(any::<u32>()),
            any::<u16>()
        )
            .prop_map(|(summary, path, pages, year)| Answer::Report {
                summary,
                full: Uri::new(format!("file:///{path}")).unwrap(),
                pages,
                year,
            }),
        Just(Answer::Nothing),
    ]
}

proptest! {
    #[test]
    fn every_variant_round_trips(value in answer()) {
        round_trip(&value);
    }

    #[test]
    fn gallery_round_trips(
        photos in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..8), 0..3),
        title in "\\PC{0,8}",
        source in proptest::option::of("[a-z]{1,8}"),
        pick in any::<bool>(),
    ) {
        let value = if pick {
            Gallery::Photos { photos, title }
        } else {
            Gallery::Source(source.map(|path| Uri::new(format!("file:///{path}")).unwrap()))
        };
        round_trip(&value);
    }
}

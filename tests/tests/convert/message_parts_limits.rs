//! LLM message parts are read as a tool result is: within `ReadLimits` (the defaults unless
//! `_with` says otherwise), refused with the same rule and the same words where a document
//! with the same values is refused, accepted where it is accepted.

use std::fmt::Write as _;

use mcp_content::convert::{
    data_url::DataUrl, message_parts::DataPart, message_parts::Message, message_parts::MessageRole,
    message_parts::Part, message_parts::block_to_part, message_parts::part_to_block,
    message_parts::part_to_block_with,
};
use mcp_content::model::JsonObject;
use mcp_content::rules::Rule;
use mcp_content::wire::{ReadLimits, read_json_with};
use mcp_content::{CallToolResult, read_json};
use serde_json::{Value, json};

fn base64(bytes: &[u8]) -> String {
    mcp_content::model::Base64Data::from_bytes(bytes.to_vec()).to_base64()
}

fn tool_message(content: Vec<Part>) -> Message {
    Message {
        role: MessageRole::Tool,
        content,
        metadata: JsonObject::new(),
    }
}

fn media(url: &str) -> Part {
    serde_json::from_value(json!({"media": {"url": url}})).unwrap()
}

/// A tool result with one image of `data`, as a peer sends it.
fn image_document(data: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({"content": [
        {"type": "image", "data": data, "mimeType": "image/png"}
    ]}))
    .unwrap()
}

/// A 17 MiB image: the tool-result reader refuses it, and so does every message-part entry
/// point, with the same rule and words; under `unlimited()` both take it.
#[test]
fn a_17_mib_data_url_is_refused_as_the_same_image_in_a_tool_result() {
    let bytes = vec![7u8; 17 * 1024 * 1024];
    let data = base64(&bytes);
    let document = image_document(&data);
    let read = read_json::<CallToolResult>(&document).unwrap_err();
    assert_eq!(read.path(), "content[0].data");
    assert_eq!(read.rule(), Some(Rule::Limit));
    let url = format!("data:image/png;base64,{data}");

    let message = tool_message(vec![media(&url)]);
    let parts = message.clone().into_call_tool_result().unwrap_err();
    assert_eq!(parts.path(), "content[0].media.url");
    assert_eq!(parts.rule(), Some(Rule::Limit));
    assert_eq!(parts.detail(), read.detail());
    let with = message
        .clone()
        .into_call_tool_result_with(&ReadLimits::default())
        .unwrap_err();
    assert_eq!(with, parts);

    let prompt = Message {
        role: MessageRole::User,
        ..message.clone()
    };
    let err = prompt.clone().into_prompt_message().unwrap_err();
    assert_eq!(err.path(), "content[0].media.url");
    assert_eq!(err.detail(), read.detail());
    let err = part_to_block(media(&url)).unwrap_err();
    assert_eq!((err.path(), err.detail()), ("media.url", read.detail()));
    let err = DataUrl::parse(&url).unwrap_err();
    assert_eq!(err.rule, Rule::Limit);

    // Unlimited, both take it, as the same block.
    let read = read_json_with::<CallToolResult>(&document, &ReadLimits::unlimited()).unwrap();
    let parts = message
        .into_call_tool_result_with(&ReadLimits::unlimited())
        .unwrap();
    assert_eq!(parts.content, read.content);
    assert!(
        prompt
            .into_prompt_message_with(&ReadLimits::unlimited())
            .is_ok()
    );
    assert!(part_to_block_with(media(&url), &ReadLimits::unlimited()).is_ok());
}

/// At every size around every limit, a data URL is refused exactly when the same bytes in a
/// tool result are, with the same words (plain and percent-encoded base64, and a URL
/// without `;base64`).
#[test]
fn the_binary_limit_is_the_readers_at_every_boundary() {
    let mut cases = 0;
    for limit in 0..=7 {
        let limits = ReadLimits::default().with_max_binary_bytes(limit);
        for size in 0..=9usize {
            let bytes: Vec<u8> = (0..size).map(|i| u8::try_from(i).unwrap()).collect();
            let data = base64(&bytes);
            let read = read_json_with::<CallToolResult>(&image_document(&data), &limits);
            let urls = [
                format!("data:image/png;base64,{data}"),
                format!("data:image/png;base64,{}", data.replace('=', "%3D")),
                format!(
                    "data:image/png,{}",
                    bytes.iter().fold(String::new(), |mut out, b| {
                        let _ = write!(out, "%{b:02X}");
                        out
                    })
                ),
            ];
            for url in urls {
                let parts = tool_message(vec![media(&url)]).into_call_tool_result_with(&limits);
                match (&read, parts) {
                    (Ok(read), Ok(parts)) => assert_eq!(parts.content, read.content, "{url}"),
                    (Err(read), Err(parts)) => {
                        assert_eq!(parts.detail(), read.detail(), "{url}");
                        assert_eq!(parts.path(), "content[0].media.url");
                    }
                    (read, parts) => {
                        panic!("limit {limit}, {size} bytes, {url}: {read:?} but {parts:?}")
                    }
                }
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 8 * 10 * 3);
}

/// More parts than `max_blocks` are refused at the first one past it, as the reader refuses
/// the blocks of a document.
#[test]
fn the_block_limit_is_the_readers() {
    for max in 0..=3 {
        let limits = ReadLimits::default().with_max_blocks(max);
        for count in 0..=4 {
            let texts = vec!["a"; count];
            let document = serde_json::to_vec(&json!({"content": texts
                .iter()
                .map(|t| json!({"type": "text", "text": t}))
                .collect::<Vec<_>>()}))
            .unwrap();
            let read = read_json_with::<CallToolResult>(&document, &limits);
            let parts = tool_message(texts.iter().map(|t| Part::text(*t)).collect())
                .into_call_tool_result_with(&limits);
            match (read, parts) {
                (Ok(read), Ok(parts)) => assert_eq!(parts, read),
                (Err(read), Err(parts)) => {
                    assert_eq!(parts.path(), read.path());
                    assert_eq!(parts.detail(), read.detail());
                    assert_eq!(parts.rule(), Some(Rule::Limit));
                }
                (read, parts) => panic!("{max} / {count}: {read:?} but {parts:?}"),
            }
        }
    }
}

/// `metadata.mcp`, a data part and a custom part are held to the limits they are given:
/// depth and values, with their paths.
#[test]
fn metadata_data_and_custom_parts_are_held_to_the_given_limits() {
    let nested = |depth: usize| (0..depth).fold(json!(1), |v, _| Value::Array(vec![v]));
    let mut text = block_to_part(&mcp_content::ContentBlock::text("a"));
    if let Part::Text(part) = &mut text {
        part.metadata
            .insert("mcp", json!({"_meta": {"com.example/k": nested(10)}}));
    }
    let shallow = ReadLimits::default().with_max_depth(5);
    let err = part_to_block_with(text.clone(), &shallow).unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
    assert!(err.path().starts_with("metadata.mcp._meta"), "{err}");
    assert!(part_to_block(text).is_ok());

    let data = || {
        tool_message(vec![Part::Data(DataPart {
            data: json!({"a": [1, 2, 3]}).into(),
            metadata: JsonObject::new(),
        })])
    };
    let err = data()
        .into_call_tool_result_with(&ReadLimits::default().with_max_values(3))
        .unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
    assert!(err.path().starts_with("content[0].data"), "{err}");
    assert!(data().into_call_tool_result().is_ok());

    let custom: Part = serde_json::from_value(json!({"custom": {
        "type": "text", "text": "a", "_meta": {"com.example/k": nested(10)}
    }}))
    .unwrap();
    let err = part_to_block_with(custom.clone(), &shallow).unwrap_err();
    assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
    assert!(err.path().starts_with("custom._meta"), "{err}");
    assert!(part_to_block(custom).is_ok());
}

/// A data part, metadata or custom part nested far past any limit (built in process) is
/// refused with its path, never a stack overflow, even `unlimited()`. Run on a 2 MiB stack at
/// a depth `serde_json` itself drops there.
#[test]
fn deep_values_in_parts_are_refused_not_overflowed() {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(|| {
            let nested = || (0..1_500).fold(json!(1), |v, _| Value::Array(vec![v]));
            for limits in [ReadLimits::default(), ReadLimits::unlimited()] {
                let message = tool_message(vec![Part::Data(DataPart {
                    data: nested().into(),
                    metadata: JsonObject::new(),
                })]);
                let err = message.into_call_tool_result_with(&limits).unwrap_err();
                assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
                assert!(err.path().starts_with("content[0].data[0]"), "{err}");

                let mut metadata = JsonObject::new();
                metadata.insert("mcp", json!({"extra": {"x": nested()}}));
                let message = Message {
                    metadata,
                    ..tool_message(vec![])
                };
                let err = message.into_call_tool_result_with(&limits).unwrap_err();
                assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
                assert!(err.path().starts_with("metadata.mcp.extra"), "{err}");

                let mut custom = JsonObject::new();
                custom.insert("type", json!("x-video"));
                custom.insert("deep", nested());
                let part: Part = Part::Custom(mcp_content::convert::message_parts::CustomPart {
                    custom,
                    metadata: JsonObject::new(),
                });
                let err = part_to_block_with(part, &limits).unwrap_err();
                assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
                assert!(err.path().starts_with("custom.deep[0]"), "{err}");
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

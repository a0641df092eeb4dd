//! The reader at its edges, the rules of reading untrusted input besides the
//! `null` rule of `wire/null_rule.rs`, each a table of cases: what the spec allows is read,
//! limits on block and value counts, error text cut to 80 characters, encoding faults named,
//! every entry point within the limits, and `ReadLimits::unlimited()` never aborting.

use crate::read_through_bytes::read_as;
use mcp_content::convert::{
    data_url::DataUrl, message_parts::Media, message_parts::MediaPart, message_parts::Part,
    message_parts::part_to_block,
};
use mcp_content::model::{GetPromptResult, JsonInteger, ReadResourceResult, Resource, Tool};
use mcp_content::rules::Rule;
use mcp_content::wire::{ReadLimits, read_json_with, read_value_with};
use mcp_content::{CallToolResult, ContentBlock, SerializeFor, read_json};
use serde_json::{Value, json};

/// Accepted as the spec allows: `lastModified` in any ISO 8601 form, written back unchanged;
/// sizes that JSON Schema counts as integers; `http:` icons (refused only on request).
#[test]
fn what_the_spec_allows_is_read_and_written_back() {
    for timestamp in [
        "2025-01-12",
        "2025-01-12T15:00:58Z",
        "2025-01-12T15:00:58+02:00",
        "2025-01-12T15:00:58.123456-03:30",
        "2025-01-12T15:00:58",
        "20250112T150058Z",
        "2025-W02-7",
        "2025-012",
    ] {
        let doc = format!(
            r#"{{"content":[{{"type":"text","text":"t","annotations":{{"lastModified":"{timestamp}"}}}}]}}"#
        );
        let result: CallToolResult =
            read_json(doc.as_bytes()).unwrap_or_else(|e| panic!("{timestamp}: {e}"));
        let written =
            String::from_utf8(result.to_json_for(mcp_content::ProtocolVersion::V2025_06_18))
                .unwrap();
        assert_eq!(written, doc, "{timestamp}");
    }
    for bad in [
        "2025-13-01",
        "2025-01-32",
        "yesterday",
        "2025-01-12T25:00:00Z",
        "",
    ] {
        let doc = json!({"content": [{"type": "text", "text": "t", "annotations": {"lastModified": bad}}]});
        let error = read_as::<CallToolResult>(&doc).expect_err(bad);
        assert_eq!(error.rule(), Some(Rule::Timestamp), "{bad}: {error}");
    }
    for (size, expected) in [
        ("1", 1),
        ("1.0", 1),
        ("1e3", 1000),
        ("1E3", 1000),
        ("0.0", 0),
        ("-0", 0),
    ] {
        let doc = format!(
            r#"{{"content":[{{"type":"resource_link","uri":"file:///a","name":"a","size":{size}}}]}}"#
        );
        let result: CallToolResult =
            read_json(doc.as_bytes()).unwrap_or_else(|e| panic!("{size}: {e}"));
        let ContentBlock::ResourceLink(link) = &result.content[0] else {
            panic!()
        };
        assert_eq!(link.size, Some(JsonInteger::from(expected)), "{size}");
        let resource: Resource =
            read_json(format!(r#"{{"uri":"file:///a","name":"a","size":{size}}}"#).as_bytes())
                .unwrap();
        assert_eq!(resource.size, Some(JsonInteger::from(expected)), "{size}");
    }
    // The schemas bound no `size`: -1 and 1e30 are integers too (see `wire/untrusted_input.rs`).
    for size in ["1.5", "\"1\"", "true"] {
        let doc = format!(
            r#"{{"content":[{{"type":"resource_link","uri":"file:///a","name":"a","size":{size}}}]}}"#
        );
        let error = read_json::<CallToolResult>(doc.as_bytes()).expect_err(size);
        assert_eq!(error.path(), "content[0].size", "{size}");
    }
    let ttl: ReadResourceResult = read_json(br#"{"contents":[],"ttlMs":6e4}"#).unwrap();
    assert_eq!(ttl.ttl_ms, Some(JsonInteger::from(60_000_u64)));

    let http = br#"{"name":"t","inputSchema":{"type":"object"},"icons":[{"src":"http://example.com/i.png"}]}"#;
    let tool: Tool = read_json(http).unwrap();
    assert_eq!(tool.icons[0].src, "http://example.com/i.png");
    let strict = ReadLimits::default().with_https_icons_only(true);
    let error = read_json_with::<Tool>(http, &strict).expect_err("http refused on request");
    assert_eq!(
        (error.path(), error.rule()),
        ("icons[0].src", Some(Rule::IconSrc))
    );
    assert!(read_json_with::<Tool>(&http.replace_http(), &strict).is_ok());
    for bad in [
        "ftp://example.com/i.png",
        "http:",
        "http:///i.png",
        "file:///i.png",
        "i.png",
    ] {
        let doc = json!({"name": "t", "inputSchema": {"type": "object"}, "icons": [{"src": bad}]});
        let error = read_as::<Tool>(&doc).expect_err(bad);
        assert_eq!(error.rule(), Some(Rule::IconSrc), "{bad}");
    }
}

trait ReplaceHttp {
    fn replace_http(&self) -> Vec<u8>;
}

impl ReplaceHttp for [u8] {
    fn replace_http(&self) -> Vec<u8> {
        String::from_utf8_lossy(self)
            .replace("http://", "https://")
            .into_bytes()
    }
}

/// Counts of blocks and values are limited, with the path of the first one over.
#[test]
fn block_and_value_counts_are_limited() {
    let blocks = |n: usize| {
        let mut doc = String::from(r#"{"content":["#);
        for i in 0..n {
            if i > 0 {
                doc.push(',');
            }
            doc.push_str(r#"{"type":"text","text":""}"#);
        }
        doc.push_str("]}");
        doc.into_bytes()
    };
    let limits = ReadLimits::default().with_max_blocks(3);
    assert!(read_json_with::<CallToolResult>(&blocks(3), &limits).is_ok());
    let error = read_json_with::<CallToolResult>(&blocks(4), &limits).expect_err("4 blocks");
    assert_eq!(
        (error.path(), error.rule()),
        ("content[3]", Some(Rule::Limit))
    );
    assert_eq!(
        error.detail(),
        "more than 3 blocks in the document (rule: limit)"
    );
    // Resource contents and prompt messages count too.
    let contents = br#"{"contents":[{"uri":"a:b","text":""},{"uri":"a:b","text":""}]}"#;
    let limits = ReadLimits::default().with_max_blocks(1);
    let error = read_json_with::<ReadResourceResult>(contents, &limits).expect_err("2 contents");
    assert_eq!(
        (error.path(), error.rule()),
        ("contents[1]", Some(Rule::Limit))
    );
    let messages = br#"{"messages":[{"role":"user","content":{"type":"text","text":""}}]}"#;
    let error = read_json_with::<GetPromptResult>(messages, &limits).expect_err("message + block");
    assert_eq!(error.rule(), Some(Rule::Limit));

    // Values: every scalar, array and object, the root included.
    let doc = br#"{"content":[],"_meta":{"a":1,"b":[true,null,"s",-2.5e3]}}"#;
    let limits = ReadLimits::default().with_max_values(9);
    assert!(read_json_with::<CallToolResult>(doc, &limits).is_ok());
    let limits = ReadLimits::default().with_max_values(8);
    let error = read_json_with::<CallToolResult>(doc, &limits).expect_err("9 values");
    assert_eq!(
        (error.path(), error.rule()),
        ("_meta.b[3]", Some(Rule::Limit))
    );
    let value: Value = serde_json::from_slice(doc).unwrap();
    let error = read_value_with::<CallToolResult>(value, &limits).expect_err("9 values");
    assert_eq!(error.rule(), Some(Rule::Limit));
    assert_eq!(ReadLimits::default().max_blocks, 1 << 20);
    assert_eq!(ReadLimits::default().max_values, 1 << 23);
}

/// Quoted values and keys in errors and paths are cut to 80 characters.
#[test]
fn error_text_is_cut() {
    let long = "x".repeat(1 << 20);
    let cases: Vec<(String, Vec<u8>)> = vec![
        (
            "a 1 MiB string of the wrong type".into(),
            format!(r#"{{"content":[],"isError":"{long}"}}"#).into_bytes(),
        ),
        (
            "a 1 MiB unknown role".into(),
            format!(
                r#"{{"messages":[{{"role":"{long}","content":{{"type":"text","text":""}}}}]}}"#
            )
            .into_bytes(),
        ),
        (
            "a 1 MiB MIME type".into(),
            format!(r#"{{"content":[{{"type":"image","data":"","mimeType":"{long}"}}]}}"#)
                .into_bytes(),
        ),
        ("a 262 KB duplicate key".into(), {
            let key = "k".repeat(262_000);
            format!(r#"{{"content":[],"_meta":{{"{key}":1,"{key}":2}}}}"#).into_bytes()
        }),
        ("a 262 KB key on the path".into(), {
            let key = "k".repeat(262_000);
            format!(r#"{{"content":[],"structuredContent":{{"{key}":[[[[1]]]]}}}}"#).into_bytes()
        }),
        (
            "a 1 MiB invalid meta key".into(),
            format!(r#"{{"content":[],"_meta":{{"-{long}":1}}}}"#).into_bytes(),
        ),
    ];
    for (name, doc) in cases {
        let limits = if name.contains("path") {
            ReadLimits::default().with_max_depth(3)
        } else {
            ReadLimits::default()
        };
        let is_prompt = name.contains("role");
        let error = if is_prompt {
            read_json_with::<GetPromptResult>(&doc, &limits).map(drop)
        } else {
            read_json_with::<CallToolResult>(&doc, &limits).map(drop)
        }
        .expect_err(&name);
        let text = error.to_string();
        assert!(
            text.len() < 600,
            "{name}: {} bytes: {}",
            text.len(),
            &text[..600]
        );
        assert!(
            error.path().chars().count() < 200,
            "{name}: path {}",
            error.path().len()
        );
        assert!(text.contains('…'), "{name}: {text}");
    }
}

/// Encoding faults are named as what they are, with their path and position.
#[test]
fn encoding_faults_are_named() {
    let cases: &[(&[u8], &str, &str)] = &[
        (b"\xEF\xBB\xBF{\"content\":[]}", ".", "byte order mark"),
        (
            b"{\"content\":[{\"type\":\"text\",\"text\":\"\xff\"}]}",
            "content[0].text",
            "invalid UTF-8: byte 0xFF",
        ),
        (
            b"{\"content\":[],\"_meta\":{\"a\xc3\":1}}",
            "_meta",
            "invalid UTF-8: byte 0xC3",
        ),
        (
            br#"{"content":[{"type":"text","text":"\ud800"}]}"#,
            "content[0].text",
            "lone surrogate escape `\\ud800`",
        ),
        (
            br#"{"content":[{"type":"text","text":"\udc00x"}]}"#,
            "content[0].text",
            "lone surrogate escape `\\udc00`",
        ),
        (
            br#"{"content":[{"type":"text","text":"\ud800\u0041"}]}"#,
            "content[0].text",
            "lone surrogate escape `\\ud800`",
        ),
        (
            br#"{"content":[],"structuredContent":{"a":"\uD800"}}"#,
            "structuredContent.a",
            "lone surrogate escape `\\uD800`",
        ),
        (
            br#"{"content":[],"_meta":{"x.y/k":["\udfff"]}}"#,
            "_meta.x.y/k[0]",
            "lone surrogate escape `\\udfff`",
        ),
    ];
    for (doc, path, detail) in cases {
        let error = read_json::<CallToolResult>(doc).expect_err(detail);
        assert_eq!(error.path(), *path, "{error}");
        assert!(error.detail().contains(detail), "{error}");
        assert!(error.position().is_some() || *path == ".", "{error}");
    }
    // Not faults: a surrogate pair, an escaped backslash before `u`.
    for doc in [
        br#"{"content":[{"type":"text","text":"\ud83d\ude00"}]}"#.as_slice(),
        br#"{"content":[{"type":"text","text":"\\ud800"}]}"#.as_slice(),
    ] {
        read_json::<CallToolResult>(doc).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Every entry point that reads untrusted input holds it to the limits: data URLs (and so
/// LLM message parts) to the binary limit, like an image in a tool result.
#[test]
fn every_entry_point_applies_the_limits() {
    let payload = "A".repeat(17 * 1024 * 1024 / 3 * 4 + 4);
    let url = format!("data:image/png;base64,{payload}");
    let in_result =
        format!(r#"{{"content":[{{"type":"image","data":"{payload}","mimeType":"image/png"}}]}}"#);
    let error = read_json::<CallToolResult>(in_result.as_bytes()).expect_err("17 MiB image");
    assert_eq!(error.rule(), Some(Rule::Limit));
    let violation = DataUrl::parse(&url).expect_err("17 MiB data URL");
    assert_eq!(violation.rule, Rule::Limit);
    let part = Part::Media(MediaPart {
        media: Media {
            url: url.clone(),
            content_type: Some("image/png".into()),
        },
        metadata: mcp_content::model::JsonObject::new(),
    });
    let error = part_to_block(part).expect_err("17 MiB media part");
    assert_eq!(
        (error.path(), error.rule()),
        ("media.url", Some(Rule::Limit))
    );
    let small = ReadLimits::default().with_max_binary_bytes(2);
    assert_eq!(
        DataUrl::parse_with("data:,abc", &small).unwrap_err().rule,
        Rule::Limit
    );
    assert!(DataUrl::parse_with("data:,ab", &small).is_ok());
    // A `Value` is held to the same limits as bytes.
    let value =
        json!({"content": [{"type": "image", "data": "AAAAAAAA", "mimeType": "image/png"}]});
    let error = read_value_with::<CallToolResult>(value, &small).expect_err("binary");
    assert_eq!(
        (error.path(), error.rule()),
        ("content[0].data", Some(Rule::Limit))
    );
}

/// `ReadLimits::unlimited()` still stops at the parser's 128 levels, for bytes and `Value`s,
/// so a 100,000-deep document never overflows the stack (checked on a 256 KiB stack).
#[test]
fn unlimited_reads_never_abort() {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let depth = 100_000;
            let doc = format!(
                r#"{{"content":[],"structuredContent":{}{}}}"#,
                "[".repeat(depth),
                "]".repeat(depth)
            );
            let limits = ReadLimits::unlimited();
            let error =
                read_json_with::<CallToolResult>(doc.as_bytes(), &limits).expect_err("deep");
            assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
            assert!(error.detail().contains("127 levels"), "{error}");
            let mut value = Value::Null;
            for _ in 0..depth {
                value = Value::Array(vec![value]);
            }
            let mut doc = serde_json::Map::new();
            doc.insert("content".into(), Value::Array(Vec::new()));
            doc.insert("structuredContent".into(), value);
            let error =
                read_value_with::<CallToolResult>(Value::Object(doc), &limits).expect_err("deep");
            assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
            assert!(error.detail().contains("127 levels"), "{error}");
            // 126 levels inside the root object are read (127 arrays or objects in all, as
            // `serde_json` reads).
            let ok = format!(
                r#"{{"content":[],"structuredContent":{}{}}}"#,
                "[".repeat(126),
                "]".repeat(126)
            );
            read_json_with::<CallToolResult>(ok.as_bytes(), &limits).unwrap();
        })
        .unwrap()
        .join()
        .unwrap();
}

//! The bad-input corpus: every file in `tests/bad-input/` is a malformed input (`NAME.json`,
//! the exact bytes) with its expected error (`NAME.expected`), and each is read and must fail
//! with exactly that error — path, rule and text. None may be accepted.
//!
//! `NAME.expected` holds `key: value` lines:
//!
//! ```text
//! read: CallToolResult            the type read (or UserMeta: each key through Meta::insert)
//! limits: max_depth=4             optional: ReadLimits other than the defaults
//! path: content[1].data           ReadError::path
//! rule: base64                    ReadError::rule (`none` for a malformed document)
//! error: content[1].data: …       the whole error text
//! ```
//!
//! After a deliberate change of an error text, `BLESS=1 cargo test --test bad_input` rewrites
//! the `path`, `rule` and `error` lines; review the diff.
//!
//! Below the corpus: generated inputs too big to commit (a 64 MiB string, `_meta` nested
//! 100,000 deep, a million blocks), checked for their error, for no stack overflow and for
//! bounded memory.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mcp_content::model::{GetPromptResult, Meta, ReadResourceResult};
use mcp_content::rules::Rule;
use mcp_content::wire::{ReadLimits, read_json_with, read_value, read_value_with};
use mcp_content::{CallToolResult, ContentBlock, ReadError, read_json};
use serde_json::{Map, Value, json};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("bad-input")
}

/// One case: the input file and what its `.expected` says.
struct Case {
    name: String,
    input: Vec<u8>,
    expected_path: PathBuf,
    read: String,
    limits: ReadLimits,
    limits_line: Option<String>,
    path: Option<String>,
    rule: Option<String>,
    error: Option<String>,
}

fn load_cases() -> Vec<Case> {
    let mut names: Vec<String> = std::fs::read_dir(corpus_dir())
        .expect("tests/bad-input exists")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".json").map(str::to_owned)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let dir = corpus_dir();
            let input = std::fs::read(dir.join(format!("{name}.json"))).expect("input");
            let expected_path = dir.join(format!("{name}.expected"));
            let expected = std::fs::read_to_string(&expected_path)
                .unwrap_or_else(|e| panic!("{name}.expected: {e}"));
            let mut case = Case {
                name,
                input,
                expected_path,
                read: String::new(),
                limits: ReadLimits::default(),
                limits_line: None,
                path: None,
                rule: None,
                error: None,
            };
            for line in expected.lines() {
                let (key, value) = line
                    .split_once(": ")
                    .unwrap_or_else(|| panic!("{}: bad line {line:?}", case.name));
                match key {
                    "read" => case.read = value.to_owned(),
                    "limits" => {
                        case.limits = parse_limits(value);
                        case.limits_line = Some(value.to_owned());
                    }
                    "path" => case.path = Some(value.to_owned()),
                    "rule" => case.rule = Some(value.to_owned()),
                    "error" => case.error = Some(value.to_owned()),
                    other => panic!("{}: unknown key {other:?}", case.name),
                }
            }
            case
        })
        .collect()
}

/// `max_depth=4,max_binary_bytes=8` over the defaults.
fn parse_limits(text: &str) -> ReadLimits {
    let mut limits = ReadLimits::default();
    for item in text.split(',') {
        let (key, value) = item.split_once('=').expect("key=value");
        let value: usize = value.trim().parse().expect("a number");
        limits = match key.trim() {
            "max_document_bytes" => limits.with_max_document_bytes(value),
            "max_depth" => limits.with_max_depth(value),
            "max_binary_bytes" => limits.with_max_binary_bytes(value),
            other => panic!("unknown limit {other}"),
        };
    }
    limits
}

/// Reads `input` as the named type; `Ok` carries a debug rendering of what was accepted.
fn read_as(read: &str, input: &[u8], limits: &ReadLimits) -> Result<String, ReadError> {
    fn go<T: serde::de::DeserializeOwned + std::fmt::Debug>(
        input: &[u8],
        limits: &ReadLimits,
    ) -> Result<String, ReadError> {
        read_json_with::<T>(input, limits).map(|v| format!("{v:?}"))
    }
    match read {
        "CallToolResult" => go::<CallToolResult>(input, limits),
        "GetPromptResult" => go::<GetPromptResult>(input, limits),
        "ReadResourceResult" => go::<ReadResourceResult>(input, limits),
        "ContentBlock" => go::<ContentBlock>(input, limits),
        "UserMeta" => {
            // `_meta` that user code writes: every key goes through `Meta::insert`.
            let object: Map<String, Value> = read_json_with(input, limits)?;
            let mut meta = Meta::new();
            for (key, value) in object {
                meta.insert(&key, value)
                    .map_err(|v| ReadError::new(format!("_meta[{key:?}]"), v))?;
            }
            Ok(format!("{meta:?}"))
        }
        other => panic!("unknown type to read: {other}"),
    }
}

#[test]
fn every_bad_input_fails_with_its_exact_error() {
    let cases = load_cases();
    assert!(cases.len() >= 60, "the corpus has {} cases", cases.len());
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let error = match read_as(&case.read, &case.input, &case.limits) {
            Ok(accepted) => {
                failures.push(format!("{}: accepted silently: {accepted}", case.name));
                continue;
            }
            Err(error) => error,
        };
        let rule = error.rule().map_or("none", Rule::name);
        if bless {
            let mut text = format!("read: {}\n", case.read);
            if let Some(limits) = &case.limits_line {
                writeln!(text, "limits: {limits}").expect("string");
            }
            writeln!(text, "path: {}\nrule: {rule}\nerror: {error}", error.path()).expect("string");
            std::fs::write(&case.expected_path, text).expect("bless");
            continue;
        }
        let expected = (
            case.path.as_deref(),
            case.rule.as_deref(),
            case.error.as_deref(),
        );
        if expected
            != (
                Some(error.path()),
                Some(rule),
                Some(error.to_string().as_str()),
            )
        {
            failures.push(format!(
                "{}: expected {expected:?}\n    got path {:?}, rule {rule:?}, error {:?}",
                case.name,
                error.path(),
                error.to_string()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each `.json` has its `.expected`, and the reverse.
#[test]
fn corpus_files_come_in_pairs() {
    for entry in std::fs::read_dir(corpus_dir()).expect("dir") {
        let path = entry.expect("entry").path();
        let twin = match path.extension().and_then(|e| e.to_str()) {
            Some("json") => path.with_extension("expected"),
            Some("expected") => path.with_extension("json"),
            _ => panic!("unexpected file {}", path.display()),
        };
        assert!(twin.exists(), "{} has no twin", path.display());
    }
}

// ---------------------------------------------------------------------------------------
// Generated inputs, too big to commit.

const MIB: usize = 1024 * 1024;

#[track_caller]
fn assert_limit(error: &ReadError, path: &str, text: &str) {
    assert_eq!(error.path(), path, "{error}");
    assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
    assert_eq!(error.to_string(), format!("{path}: {text} (rule: limit)"));
}

#[test]
fn a_64_mib_string_is_refused_by_the_default_document_limit() {
    let mut doc = br#"{"content":[{"type":"text","text":""#.to_vec();
    doc.resize(doc.len() + 64 * MIB, b'a');
    doc.extend_from_slice(br#""}]}"#);
    let error = read_json::<CallToolResult>(&doc).expect_err("over 32 MiB");
    assert_limit(
        &error,
        ".",
        &format!(
            "the document is {} bytes, over the limit of 33554432 bytes",
            doc.len()
        ),
    );

    // With room for it, it is a valid text block, read in full.
    let roomy = ReadLimits::default().with_max_document_bytes(80 * MIB);
    let result: CallToolResult = read_json_with(&doc, &roomy).expect("reads");
    assert_eq!(result.content[0].as_text().map(str::len), Some(64 * MIB));
}

#[test]
fn a_64_mib_base64_string_is_refused_by_the_binary_limit_before_it_is_decoded() {
    let mut doc = br#"{"content":[{"type":"image","mimeType":"image/png","data":""#.to_vec();
    doc.resize(doc.len() + 64 * MIB, b'A');
    doc.extend_from_slice(br#""}]}"#);
    let roomy = ReadLimits::default().with_max_document_bytes(80 * MIB);
    let error = read_json_with::<CallToolResult>(&doc, &roomy).expect_err("48 MiB decoded");
    assert_limit(
        &error,
        "content[0].data",
        "binary data of 50331648 bytes is over the limit of 16777216 bytes",
    );
}

/// `{"content":[],"_meta":{"a":{"a":…1…}}}`, `_meta` nested `depth` objects deep.
fn deep_meta_document(depth: usize) -> Vec<u8> {
    let mut doc = br#"{"content":[],"_meta":"#.to_vec();
    for _ in 0..depth {
        doc.extend_from_slice(br#"{"a":"#);
    }
    doc.push(b'1');
    doc.resize(doc.len() + depth, b'}');
    doc.push(b'}');
    doc
}

#[test]
fn meta_nested_100_000_deep_is_refused_without_overflowing_the_stack() {
    let doc = deep_meta_document(100_000);
    // The root object is level 1 and `_meta` level 2, so level 65 is `_meta` and 63 `a`s in.
    let path = format!("_meta{}", ".a".repeat(63));
    let error = read_json::<CallToolResult>(&doc).expect_err("too deep");
    assert_limit(&error, &path, "nested deeper than 64 levels");

    // Without this crate's limit, serde_json's parser stops at 128 levels: still a limit.
    let error =
        read_json_with::<CallToolResult>(&doc, &ReadLimits::unlimited()).expect_err("too deep");
    assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
    assert!(
        error
            .to_string()
            .ends_with("nested deeper than the JSON parser's 127 levels (rule: limit)"),
        "{error}"
    );

    // Just within the limit, it reads.
    let result: CallToolResult = read_json(&deep_meta_document(62)).expect("62 + 2 levels");
    assert_eq!(result.meta.len(), 1);
}

/// The model's own recursion is bounded by the depth limit: the deepest document the
/// defaults accept (and the deepest `serde_json` parses at all) reads on a small stack.
/// Measured in a debug build: 127 levels need between 384 and 512 KiB (about 3.5 KiB a
/// level); 1 MiB leaves room. Threads get 2 MiB by default (tokio's workers too).
#[test]
fn the_deepest_accepted_documents_read_on_a_small_stack() {
    let stack = std::env::var("DEEP_STACK_KIB").map_or(1024, |v| v.parse().expect("KiB"));
    let reader = std::thread::Builder::new()
        .stack_size(stack * 1024)
        .spawn(|| {
            let result: CallToolResult = read_json(&deep_meta_document(62)).expect("64 levels");
            assert_eq!(result.meta.len(), 1);
            // `serde_json` stops at 128 levels; 127 read with this crate's limits lifted.
            let doc = deep_meta_document(125);
            let result: CallToolResult =
                read_json_with(&doc, &ReadLimits::unlimited()).expect("127 levels");
            assert_eq!(result.meta.len(), 1);
            let mut block = br#"{"type":"video","x":"#.to_vec();
            block.resize(block.len() + 126, b'[');
            block.resize(block.len() + 126, b']');
            block.push(b'}');
            let block: ContentBlock =
                read_json_with(&block, &ReadLimits::unlimited()).expect("127 levels");
            assert_eq!(block.kind(), "video");
        })
        .expect("a thread");
    reader.join().expect("no stack overflow");
}

#[test]
fn a_value_nested_100_000_deep_is_refused_and_dropped_without_recursion() {
    // Built and checked without recursion; `read_value` must not recurse into it either
    // (nor drop it recursively: serde_json's `Value` would overflow the stack).
    let mut nested = json!(1);
    for _ in 0..100_000 {
        nested = Value::Array(vec![nested]);
    }
    let mut root = Map::new();
    root.insert("content".into(), json!([]));
    root.insert("structuredContent".into(), nested);
    let error = read_value::<CallToolResult>(Value::Object(root)).expect_err("too deep");
    let path = format!("structuredContent{}", "[0]".repeat(63));
    assert_limit(&error, &path, "nested deeper than 64 levels");
}

#[test]
fn read_value_applies_the_binary_limit_too() {
    let value = json!({"contents": [{"uri": "file:///a", "blob": "AAAAAAAA"}]});
    let limits = ReadLimits::default().with_max_binary_bytes(5);
    let error = read_value_with::<ReadResourceResult>(value, &limits).expect_err("6 bytes");
    assert_limit(
        &error,
        "contents[0].blob",
        "binary data of 6 bytes is over the limit of 5 bytes",
    );
}

/// `n` minimal text blocks: 26 bytes each.
fn many_blocks_document(n: usize, last: &str) -> Vec<u8> {
    let block = br#"{"type":"text","text":""},"#;
    let mut doc = Vec::with_capacity(16 + n * block.len() + last.len());
    doc.extend_from_slice(br#"{"content":["#);
    for _ in 1..n {
        doc.extend_from_slice(block);
    }
    doc.extend_from_slice(last.as_bytes());
    doc.extend_from_slice(b"]}");
    doc
}

#[test]
fn a_million_blocks_read_and_a_bad_last_one_is_named() {
    let doc = many_blocks_document(1_000_000, r#"{"type":"text","text":""}"#);
    assert!(doc.len() < ReadLimits::DEFAULT_MAX_DOCUMENT_BYTES);
    let result: CallToolResult = read_json(&doc).expect("a million blocks");
    assert_eq!(result.content.len(), 1_000_000);
    drop(result);

    // A bad block at the end is named by its index (100,000 blocks: a debug build reads a
    // million in seconds, and the index is what is checked).
    let doc = many_blocks_document(
        100_000,
        r#"{"type":"image","data":"a b","mimeType":"image/png"}"#,
    );
    let error = read_json::<CallToolResult>(&doc).expect_err("bad last block");
    assert_eq!(error.path(), "content[99999].data");
    assert_eq!(error.rule(), Some(Rule::Base64));

    // More blocks than the document limit allows are refused before any is built, so
    // memory stays bounded by the limit.
    let limits = ReadLimits::default().with_max_document_bytes(MIB);
    let error = read_json_with::<CallToolResult>(&doc, &limits).expect_err("over 1 MiB");
    assert_eq!((error.path(), error.rule()), (".", Some(Rule::Limit)));
}

#[test]
fn invalid_utf8_is_refused_at_its_position() {
    let cases: [(&[u8], &str, &str); 4] = [
        (b"\xff", ".", "invalid UTF-8: byte 0xFF at offset 0 "),
        (
            b"{\"content\":[{\"type\":\"text\",\"text\":\"\xc3\"}]}",
            "content[0].text",
            "invalid UTF-8: byte 0xC3 at offset 35 ",
        ),
        // An encoded surrogate, and a code point above U+10FFFF.
        (
            b"{\"content\":[{\"type\":\"text\",\"text\":\"\xed\xa0\x80\"}]}",
            "content[0].text",
            "invalid UTF-8: byte 0xED at offset 35 ",
        ),
        (
            b"{\"content\":[{\"type\":\"text\",\"text\":\"\xf4\x90\x80\x80\"}]}",
            "content[0].text",
            "invalid UTF-8: byte 0xF4 at offset 35 ",
        ),
    ];
    for (bytes, path, detail) in cases {
        let error = read_json::<CallToolResult>(bytes).expect_err("not UTF-8");
        assert_eq!((error.path(), error.rule()), (path, None), "{error}");
        assert!(error.detail().starts_with(detail), "{error}");
        assert!(error.position().is_some(), "{error}");
    }
}

/// JSON has no NaN, so a NaN priority can only come from code: the constructor refuses it.
#[test]
fn nan_and_infinite_priorities_are_refused_by_the_constructor() {
    for p in [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -0.000_001,
        1.000_001,
    ] {
        let error = mcp_content::model::Priority::new(p).expect_err("not in 0..=1");
        assert_eq!(error.rule, Rule::Priority, "{p}: {error}");
    }
}

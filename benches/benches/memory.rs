//! memory: total and peak bytes allocated by encode-blob and decode-blob (and the small
//! cases), per path, against the size of what goes in plus what comes out (issue 6).
//!
//! dhat is the global allocator of this binary only (it records every allocation, which
//! would skew the timing benches). Each measurement runs under its own dhat profiler, started
//! after the input exists and read before the output is dropped, so it counts exactly the
//! allocations of the operation: `total` is every byte allocated (a `realloc` that grows
//! counts its growth), `peak` the most bytes live at once.
//!
//! A second table measures untrusted reads (issue 11): for the worst documents found (many
//! tiny blocks, many tiny `_meta` entries, many small strings in structured content,
//! deep-but-allowed nesting…), each at most 2 MiB and within the default `ReadLimits`, the peak
//! bytes live while `read_json` runs, per byte of input. The bound is 8. A peer picks the
//! number of items in a list, so each document is made with the worst count for a plain
//! `Vec` (one past a power of two) and for the model's lists (one past a capacity they grow
//! through), and the worse figure is shown with both.
//!
//! Documents read into a caller's plain `Vec` of model values (a `tools/list` read as
//! `Vec<Tool>`, `Vec<Icon>`, `Vec<RawJson>`…) are in a third table, held to the same bound:
//! the read charges each value its size in memory (`ReadLimits::max_model_bytes_per_byte`)
//! and refuses the document, naming the path, once the values would pass it. A refused
//! document shows its error; its peak is what the read held until it stopped.
//!
//! Run: `cargo bench -p mcp-content-benches --bench memory` (prints the tables; no timing).
//! `cargo test -p mcp-content-benches --bench memory` reads 256 KiB documents instead of
//! 2 MiB ones and fails if any peak is over 8 bytes per input byte plus
//! `ReadLimits::MODEL_BYTES_FLOOR`. Allocation sizes do not depend on optimization, so `--profile dev` gives the same figures
//! faster.

use mcp_content::model::{
    Annotations, Base64Data, GetPromptResult, Icon, IconSizes, JsonObject, Meta, MimeType,
    Priority, Prompt, PromptArgument, PromptMessage, RawJson, ReadResourceResult, Resource,
    ResourceContents, ResourceTemplate, TextContent, Tool, ToolAnnotations, Uri,
};
use mcp_content::wire::ReadLimits;
use mcp_content::{CallToolResult, ContentBlock, ReadError, read_json};
use mcp_content_benches::{SMALL_TEXT, by_hand, floor, image_bytes, ours, theirs};
use serde::de::DeserializeOwned;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// One measured operation.
struct Row {
    group: &'static str,
    path: &'static str,
    input: usize,
    output: usize,
    stats: dhat::HeapStats,
}

/// Runs `op` on an input made beforehand; `size` says how many bytes its output holds.
fn measure<I, O>(
    group: &'static str,
    path: &'static str,
    input: I,
    input_len: usize,
    op: impl FnOnce(I) -> O,
    size: impl Fn(&O) -> usize,
) -> Row {
    let profiler = dhat::Profiler::builder().testing().build();
    let output = op(input);
    let stats = dhat::HeapStats::get();
    drop(profiler);
    let output_len = size(&output);
    drop(output);
    Row {
        group,
        path,
        input: input_len,
        output: output_len,
        stats,
    }
}

#[expect(
    clippy::cast_precision_loss,
    reason = "ratios of byte counts, printed to 2 places"
)]
fn ratio(a: u64, b: usize) -> f64 {
    a as f64 / b as f64
}

#[expect(
    clippy::too_many_lines,
    reason = "one table of measurements, read top to bottom"
)]
fn main() {
    let image = image_bytes();
    let len = image.len();
    let blob_json = ours::encode_blob(image.clone());
    let small_json = ours::encode_small(SMALL_TEXT);
    let parts_len = |p: &mcp_content_benches::BlobParts| {
        p.caption.len() + p.image.len() + p.report.len() + p.request_id.len()
    };
    let some_parts_len =
        |p: &Option<mcp_content_benches::BlobParts>| p.as_ref().map_or(0, parts_len);

    let rows = vec![
        // The image is the input: made before measuring; mcp-content takes it by value.
        measure(
            "encode-blob",
            "mcp-content",
            image.clone(),
            len,
            ours::encode_blob,
            Vec::len,
        ),
        measure(
            "encode-blob",
            "rmcp",
            &image[..],
            len,
            theirs::encode_blob,
            Vec::len,
        ),
        measure(
            "encode-blob",
            "rmcp+simd",
            &image[..],
            len,
            theirs::encode_blob_simd,
            Vec::len,
        ),
        measure(
            "encode-blob",
            "serde_json",
            &image[..],
            len,
            by_hand::encode_blob,
            Vec::len,
        ),
        measure(
            "encode-blob",
            "floor-simd",
            &image[..],
            len,
            |image| {
                let mut out = vec![0u8; base64_simd::STANDARD.encoded_length(image.len())];
                floor::encode_into(image, &mut out);
                out
            },
            Vec::len,
        ),
        measure(
            "decode-blob",
            "mcp-content",
            &blob_json[..],
            blob_json.len(),
            |json| ours::decode_blob(json).expect("reads"),
            |b| b.caption.len() + b.image.len() + b.report.len() + b.request_id.len(),
        ),
        measure(
            "decode-blob",
            "rmcp",
            &blob_json[..],
            blob_json.len(),
            theirs::decode_blob,
            some_parts_len,
        ),
        measure(
            "decode-blob",
            "rmcp+simd",
            &blob_json[..],
            blob_json.len(),
            theirs::decode_blob_simd,
            some_parts_len,
        ),
        measure(
            "decode-blob",
            "serde_json",
            &blob_json[..],
            blob_json.len(),
            by_hand::decode_blob,
            some_parts_len,
        ),
        measure(
            "decode-blob",
            "floor-simd",
            &blob_json[..],
            blob_json.len(),
            floor::decode_blob,
            some_parts_len,
        ),
        measure(
            "encode-small",
            "mcp-content",
            SMALL_TEXT,
            SMALL_TEXT.len(),
            ours::encode_small,
            Vec::len,
        ),
        measure(
            "encode-small",
            "rmcp",
            SMALL_TEXT,
            SMALL_TEXT.len(),
            theirs::encode_small,
            Vec::len,
        ),
        measure(
            "encode-small",
            "serde_json",
            SMALL_TEXT,
            SMALL_TEXT.len(),
            by_hand::encode_small,
            Vec::len,
        ),
        measure(
            "decode-small",
            "mcp-content",
            &small_json[..],
            small_json.len(),
            |json| ours::decode_small(json).expect("reads"),
            |s| s.text.len(),
        ),
        measure(
            "decode-small",
            "rmcp",
            &small_json[..],
            small_json.len(),
            theirs::decode_small,
            |s| s.as_ref().map_or(0, String::len),
        ),
        measure(
            "decode-small",
            "serde_json",
            &small_json[..],
            small_json.len(),
            by_hand::decode_small,
            |s| s.as_ref().map_or(0, String::len),
        ),
    ];

    println!("memory (dhat; bytes allocated by the operation alone)");
    println!(
        "| group | path | input | output | total bytes | peak bytes | allocations | total/(in+out) | peak/(in+out) |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for row in &rows {
        let sum = row.input + row.output;
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {:.2} | {:.2} |",
            row.group,
            row.path,
            row.input,
            row.output,
            row.stats.total_bytes,
            row.stats.max_bytes,
            row.stats.total_blocks,
            ratio(row.stats.total_bytes, sum),
            ratio(row.stats.max_bytes as u64, sum),
        );
    }
    println!();
    untrusted_reads();
}

/// About how big each generated document is under `cargo bench`.
const READ_DOC_BYTES: usize = 2 << 20;

/// About how big each generated document is under `cargo test --benches`, which checks the
/// bound on every document (smaller, so the test stays fast; the ratios barely move).
const TEST_DOC_BYTES: usize = 256 << 10;

/// The bound of issue 11 (see `ReadLimits`): peak bytes at most 8 per input byte, plus the
/// fixed floor every document gets.
const BOUND_PER_BYTE: usize = 8;

/// How a list being read grows; the documents are made for one policy at a time.
#[derive(Clone, Copy)]
enum Growth {
    /// A plain `Vec`: doubles.
    Doubling,
    /// The model's lists (`Compact` in the runtime): by a quarter, plus 4, then trimmed.
    Quarter,
}

thread_local! {
    static GROWTH: std::cell::Cell<Growth> = const { std::cell::Cell::new(Growth::Doubling) };
    static DOC_BYTES: std::cell::Cell<usize> = const { std::cell::Cell::new(READ_DOC_BYTES) };
}

/// The worst number of items, at most `max`, for the current [`Growth`]: one past a
/// capacity, where the list has just grown to the most room it ever has to spare.
fn worst_count(max: usize) -> usize {
    match GROWTH.get() {
        Growth::Doubling => (max / 2).next_power_of_two() + 1,
        Growth::Quarter => {
            let (mut capacity, mut last) = (0, 0);
            while capacity < max {
                last = capacity;
                capacity += capacity / 4 + 4;
            }
            last + 1
        }
    }
}

/// `{prefix}{item},{item}…{suffix}`, at most about [`DOC_BYTES`] long; `item` gets the
/// index. The number of items is the worst for the current [`Growth`] (a peer chooses it).
fn repeated(prefix: &str, item: impl Fn(usize) -> String, suffix: &str) -> Vec<u8> {
    let mut len = prefix.len() + suffix.len();
    let mut count = 0;
    while len < DOC_BYTES.get() {
        len += item(count).len() + 1;
        count += 1;
    }
    let count = worst_count(count);
    let mut doc = String::from(prefix);
    for i in 0..count {
        if i > 0 {
            doc.push(',');
        }
        doc.push_str(&item(i));
    }
    doc.push_str(suffix);
    doc.into_bytes()
}

/// A short unique key: `i` in base 36.
fn key(mut i: usize) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[i % 36]);
        i /= 36;
        if i == 0 {
            break;
        }
    }
    String::from_utf8(out).expect("ASCII")
}

/// Peak bytes of `read_json` per input byte, for the worst documents found.
#[expect(
    clippy::too_many_lines,
    reason = "one table of cases, read top to bottom"
)]
fn documents() -> (Vec<Case>, Vec<Case>) {
    let deep = format!("{}{}", "[".repeat(62), "]".repeat(62));
    let cases: Vec<Case> = vec![
        (
            "CallToolResult",
            "tiny unknown blocks",
            repeated(r#"{"content":["#, |_| r#"{"type":"x"}"#.into(), "]}"),
        ),
        (
            "CallToolResult",
            "tiny text blocks",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"text","text":""}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny resource links",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"resource_link","uri":"a:b","name":""}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny embedded resources",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"resource","resource":{"uri":"a:b","text":""}}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "text blocks with empty annotations",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"text","text":"","annotations":{}}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny _meta entries",
            repeated(
                r#"{"content":[],"_meta":{"#,
                |i| format!(r#""{}":0"#, key(i)),
                "}}",
            ),
        ),
        (
            "CallToolResult",
            "tiny unknown fields",
            repeated(r#"{"content":[],"#, |i| format!(r#""{}":0"#, key(i)), "}"),
        ),
        // Names with escapes are read on the checked path, which keeps their spelling.
        (
            "CallToolResult",
            "tiny _meta entries with escaped names",
            repeated(
                r#"{"content":[],"_meta":{"#,
                |i| format!(r#""\u0061{}":0"#, key(i)),
                "}}",
            ),
        ),
        (
            "CallToolResult",
            "tiny unknown fields with escaped names",
            repeated(r#"{"content":[],"#, |i| format!(r#""\/{}":0"#, key(i)), "}"),
        ),
        (
            "CallToolResult",
            "text blocks with an escaped unknown field",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"text","text":"","\u0078":0}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "small strings in structuredContent",
            repeated(
                r#"{"content":[],"structuredContent":["#,
                |_| r#""""#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny objects in structuredContent",
            repeated(
                r#"{"content":[],"structuredContent":["#,
                |_| "{}".into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "deep-but-allowed nesting (63 levels)",
            repeated(
                r#"{"content":[],"structuredContent":["#,
                |_| deep.clone(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny icons",
            repeated(
                r#"{"content":[{"type":"resource_link","uri":"a:b","name":"","icons":["#,
                |_| r#"{"src":"data:,"}"#.into(),
                "]}]}",
            ),
        ),
        (
            "CallToolResult",
            "empty icon sizes",
            repeated(
                r#"{"content":[{"type":"resource_link","uri":"a:b","name":"","icons":[{"src":"data:,","sizes":["#,
                |_| r#""""#.into(),
                "]}]}]}",
            ),
        ),
        (
            "CallToolResult",
            "audience entries",
            repeated(
                r#"{"content":[{"type":"text","text":"","annotations":{"audience":["#,
                |_| r#""user""#.into(),
                "]}}]}",
            ),
        ),
        (
            "ReadResourceResult",
            "tiny contents",
            repeated(
                r#"{"contents":["#,
                |_| r#"{"uri":"a:b","text":""}"#.into(),
                "]}",
            ),
        ),
        (
            "GetPromptResult",
            "tiny messages",
            repeated(
                r#"{"messages":["#,
                |_| r#"{"role":"user","content":{"type":"text","text":""}}"#.into(),
                "]}",
            ),
        ),
        (
            "Tool",
            "tiny inputSchema entries",
            repeated(
                r#"{"name":"t","inputSchema":{"type":"object","#,
                |i| format!(r#""{}":0"#, key(i)),
                "}}",
            ),
        ),
        (
            "CallToolResult",
            "tiny image blocks",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"image","data":"","mimeType":"image/png"}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny audio blocks",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"audio","data":"","mimeType":"audio/wav"}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny embedded blob resources",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"resource","resource":{"uri":"a:b","blob":""}}"#.into(),
                "]}",
            ),
        ),
        // One block whose members come before its `type` (held until the type is known,
        // then listed to be read as it says), and one unknown block of many members.
        (
            "CallToolResult",
            "one text block, tiny members before type",
            repeated(
                r#"{"content":[{"#,
                |i| format!(r#""{}":0"#, key(i)),
                r#","type":"text","text":""}]}"#,
            ),
        ),
        (
            "CallToolResult",
            "one unknown block of tiny members",
            repeated(
                r#"{"content":[{"type":"x","#,
                |i| format!(r#""{}":0"#, key(i)),
                "}]}",
            ),
        ),
        (
            "CallToolResult",
            "one unknown block, tiny members before type",
            repeated(
                r#"{"content":[{"#,
                |i| format!(r#""{}":0"#, key(i)),
                r#","type":"x"}]}"#,
            ),
        ),
        (
            "CallToolResult",
            "text block _meta of tiny entries",
            repeated(
                r#"{"content":[{"type":"text","text":"","_meta":{"#,
                |i| format!(r#""{}":0"#, key(i)),
                "}}]}",
            ),
        ),
        (
            "Tool",
            "tiny outputSchema entries",
            repeated(
                r#"{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"type":"object","#,
                |i| format!(r#""{}":0"#, key(i)),
                "}}",
            ),
        ),
        (
            "CallToolResult",
            "tiny unknown blocks with a field",
            repeated(r#"{"content":["#, |_| r#"{"type":"x","a":0}"#.into(), "]}"),
        ),
        (
            "CallToolResult",
            "text blocks with a _meta entry",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"text","text":"","_meta":{"a":0}}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "text blocks with a priority",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"text","text":"","annotations":{"priority":0}}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "text blocks with lastModified",
            repeated(
                r#"{"content":["#,
                |_| {
                    r#"{"type":"text","text":"","annotations":{"lastModified":"2025-01-12"}}"#
                        .into()
                },
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "resource links with empty icons",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"resource_link","uri":"a:b","name":"","icons":[]}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "embedded resources with inner _meta",
            repeated(
                r#"{"content":["#,
                |_| r#"{"type":"resource","resource":{"uri":"a:b","text":"","_meta":{}}}"#.into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "small numbers in structuredContent",
            repeated(
                r#"{"content":[],"structuredContent":["#,
                |_| "0".into(),
                "]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny annotations unknown fields",
            repeated(
                r#"{"content":[{"type":"text","text":"","annotations":{"#,
                |i| format!(r#""x{}":0"#, key(i)),
                "}}]}",
            ),
        ),
        (
            "CallToolResult",
            "tiny icon unknown fields",
            repeated(
                r#"{"content":[{"type":"resource_link","uri":"a:b","name":"","icons":[{"src":"data:,","#,
                |i| format!(r#""x{}":0"#, key(i)),
                "}]}]}",
            ),
        ),
        (
            "CallToolResult",
            "_meta serverInfo with tiny unknown fields",
            repeated(
                r#"{"content":[],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1","#,
                |i| format!(r#""x{}":0"#, key(i)),
                "}}}",
            ),
        ),
        (
            "CallToolResult",
            "_meta serverInfo with tiny icons",
            repeated(
                r#"{"content":[],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1","icons":["#,
                |_| r#"{"src":"data:,"}"#.into(),
                "]}}}",
            ),
        ),
        (
            "CallToolResult",
            "_meta serverInfo icon with empty sizes",
            repeated(
                r#"{"content":[],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1","icons":[{"src":"data:,","sizes":["#,
                |_| r#""""#.into(),
                "]}]}}}",
            ),
        ),
        (
            "CallToolResult",
            "_meta clientCapabilities with tiny experimental members",
            repeated(
                r#"{"content":[],"_meta":{"io.modelcontextprotocol/clientCapabilities":{"experimental":{"#,
                |i| format!(r#""{}":{{}}"#, key(i)),
                "}}}}",
            ),
        ),
        (
            "CallToolResult",
            "_meta clientCapabilities with a long array",
            repeated(
                r#"{"content":[],"_meta":{"io.modelcontextprotocol/clientCapabilities":{"experimental":{"x":{"y":["#,
                |_| "0".into(),
                "]}}}}}",
            ),
        ),
        (
            "ReadResourceResult",
            "tiny blob contents",
            repeated(
                r#"{"contents":["#,
                |_| r#"{"uri":"a:b","blob":""}"#.into(),
                "]}",
            ),
        ),
        (
            "GetPromptResult",
            "tiny image messages",
            repeated(
                r#"{"messages":["#,
                |_| {
                    r#"{"role":"user","content":{"type":"image","data":"","mimeType":"image/png"}}"#
                        .into()
                },
                "]}",
            ),
        ),
        (
            "GetPromptResult",
            "tiny resource-link messages",
            repeated(
                r#"{"messages":["#,
                |_| {
                    r#"{"role":"user","content":{"type":"resource_link","uri":"a:b","name":""}}"#
                        .into()
                },
                "]}",
            ),
        ),
        (
            "Tool",
            "tiny outputSchema entries",
            repeated(
                r#"{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"#,
                |i| format!(r#""x{}":0"#, key(i)),
                "}}",
            ),
        ),
        (
            "Tool",
            "small numbers in inputSchema",
            repeated(
                r#"{"name":"t","inputSchema":{"type":"object","a":["#,
                |_| "0".into(),
                "]}}",
            ),
        ),
        (
            "Tool",
            "tiny tool icons",
            repeated(
                r#"{"name":"t","inputSchema":{"type":"object"},"icons":["#,
                |_| r#"{"src":"data:,"}"#.into(),
                "]}",
            ),
        ),
        (
            "Tool",
            "tiny tool annotations unknown fields",
            repeated(
                r#"{"name":"t","inputSchema":{"type":"object"},"annotations":{"#,
                |i| format!(r#""x{}":0"#, key(i)),
                "}}",
            ),
        ),
        (
            "Prompt",
            "tiny prompt arguments",
            repeated(
                r#"{"name":"p","arguments":["#,
                |_| r#"{"name":""}"#.into(),
                "]}",
            ),
        ),
    ];
    // A caller's plain `Vec` of model values doubles as it grows: each value read into one
    // is charged twice its size (`ReadLimits::max_model_bytes_per_byte`), so these are held
    // to the bound like the rest.
    let plain_lists: Vec<Case> = vec![
        (
            "Vec<Tool>",
            "tiny tools (a tools/list)",
            repeated(
                "[",
                |_| r#"{"name":"t","inputSchema":{"type":"object"}}"#.into(),
                "]",
            ),
        ),
        (
            "Vec<Prompt>",
            "tiny prompts (a prompts/list)",
            repeated("[", |_| r#"{"name":"p"}"#.into(), "]"),
        ),
        (
            "Vec<Resource>",
            "tiny resources (a resources/list)",
            repeated("[", |_| r#"{"uri":"a:b","name":""}"#.into(), "]"),
        ),
        (
            "Vec<ResourceTemplate>",
            "tiny resource templates",
            repeated("[", |_| r#"{"uriTemplate":"a:b","name":""}"#.into(), "]"),
        ),
        (
            "Vec<PromptArgument>",
            "empty-name arguments",
            repeated("[", |_| r#"{"name":""}"#.into(), "]"),
        ),
        (
            "Vec<PromptMessage>",
            "tiny messages",
            repeated(
                "[",
                |_| r#"{"role":"user","content":{"type":"text","text":""}}"#.into(),
                "]",
            ),
        ),
        (
            "Vec<Icon>",
            "tiny icons",
            repeated("[", |_| r#"{"src":"data:,"}"#.into(), "]"),
        ),
        (
            "Vec<ContentBlock>",
            "tiny text blocks",
            repeated("[", |_| r#"{"type":"text","text":""}"#.into(), "]"),
        ),
        (
            "Vec<ContentBlock>",
            "tiny unknown blocks",
            repeated("[", |_| r#"{"type":"x"}"#.into(), "]"),
        ),
        (
            "Vec<TextContent>",
            "tiny text blocks",
            repeated("[", |_| r#"{"type":"text","text":""}"#.into(), "]"),
        ),
        (
            "Vec<ResourceContents>",
            "tiny contents",
            repeated("[", |_| r#"{"uri":"a:b","text":""}"#.into(), "]"),
        ),
        (
            "Vec<Annotations>",
            "empty annotations",
            repeated("[", |_| "{}".into(), "]"),
        ),
        (
            "Vec<ToolAnnotations>",
            "empty tool annotations",
            repeated("[", |_| "{}".into(), "]"),
        ),
        (
            "Vec<Meta>",
            "empty _meta objects",
            repeated("[", |_| "{}".into(), "]"),
        ),
        (
            "Vec<JsonObject>",
            "empty objects",
            repeated("[", |_| "{}".into(), "]"),
        ),
        (
            "Vec<RawJson>",
            "small numbers",
            repeated("[", |_| "0".into(), "]"),
        ),
        (
            "Vec<MimeType>",
            "short MIME types",
            repeated("[", |_| r#""a/b""#.into(), "]"),
        ),
        (
            "Vec<Uri>",
            "short URIs",
            repeated("[", |_| r#""a:b""#.into(), "]"),
        ),
        (
            "Vec<Priority>",
            "zero priorities",
            repeated("[", |_| "0".into(), "]"),
        ),
        (
            "Vec<Base64Data>",
            "empty base64",
            repeated("[", |_| r#""""#.into(), "]"),
        ),
        (
            "Vec<IconSizes>",
            "empty sizes lists",
            repeated("[", |_| "[]".into(), "]"),
        ),
        (
            "Vec<CallToolResult>",
            "empty tool results",
            repeated("[", |_| r#"{"content":[]}"#.into(), "]"),
        ),
        (
            "Vec<GetPromptResult>",
            "empty prompt results",
            repeated("[", |_| r#"{"messages":[]}"#.into(), "]"),
        ),
        (
            "Vec<ReadResourceResult>",
            "empty resource results",
            repeated("[", |_| r#"{"contents":[]}"#.into(), "]"),
        ),
    ];
    (cases, plain_lists)
}

/// A document: the type it is read as (see [`reader_for`]), what it holds, its bytes.
type Case = (&'static str, &'static str, Vec<u8>);

/// Reads a document as one type with `read_json` (default limits), dropping the value.
type Reader = fn(&[u8]) -> Result<(), ReadError>;

fn read_as<T: DeserializeOwned>(doc: &[u8]) -> Result<(), ReadError> {
    read_json::<T>(doc).map(drop)
}

/// The reader of a type named in a [`Case`].
fn reader_for(kind: &str) -> Reader {
    match kind {
        "CallToolResult" => read_as::<CallToolResult>,
        "ReadResourceResult" => read_as::<ReadResourceResult>,
        "GetPromptResult" => read_as::<GetPromptResult>,
        "Prompt" => read_as::<Prompt>,
        "Tool" => read_as::<Tool>,
        "Vec<Tool>" => read_as::<Vec<Tool>>,
        "Vec<Prompt>" => read_as::<Vec<Prompt>>,
        "Vec<Resource>" => read_as::<Vec<Resource>>,
        "Vec<ResourceTemplate>" => read_as::<Vec<ResourceTemplate>>,
        "Vec<PromptArgument>" => read_as::<Vec<PromptArgument>>,
        "Vec<PromptMessage>" => read_as::<Vec<PromptMessage>>,
        "Vec<Icon>" => read_as::<Vec<Icon>>,
        "Vec<ContentBlock>" => read_as::<Vec<ContentBlock>>,
        "Vec<TextContent>" => read_as::<Vec<TextContent>>,
        "Vec<ResourceContents>" => read_as::<Vec<ResourceContents>>,
        "Vec<Annotations>" => read_as::<Vec<Annotations>>,
        "Vec<ToolAnnotations>" => read_as::<Vec<ToolAnnotations>>,
        "Vec<Meta>" => read_as::<Vec<Meta>>,
        "Vec<JsonObject>" => read_as::<Vec<JsonObject>>,
        "Vec<RawJson>" => read_as::<Vec<RawJson>>,
        "Vec<MimeType>" => read_as::<Vec<MimeType>>,
        "Vec<Uri>" => read_as::<Vec<Uri>>,
        "Vec<Priority>" => read_as::<Vec<Priority>>,
        "Vec<Base64Data>" => read_as::<Vec<Base64Data>>,
        "Vec<IconSizes>" => read_as::<Vec<IconSizes>>,
        "Vec<CallToolResult>" => read_as::<Vec<CallToolResult>>,
        "Vec<GetPromptResult>" => read_as::<Vec<GetPromptResult>>,
        "Vec<ReadResourceResult>" => read_as::<Vec<ReadResourceResult>>,
        other => panic!("no reader for {other}"),
    }
}

/// Peak bytes of `read_json` per input byte, for the worst documents found: each made twice,
/// with the worst item count for each way a list grows, and the worse of the two shown.
fn untrusted_reads() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not: it reads smaller
    // documents and fails if one is over the bound.
    if !std::env::args().any(|a| a == "--bench") {
        DOC_BYTES.set(TEST_DOC_BYTES);
    }
    let mut runs = Vec::new();
    for growth in [Growth::Doubling, Growth::Quarter] {
        GROWTH.set(growth);
        let (cases, plain_lists) = documents();
        runs.push((measure_reads(&cases), measure_reads(&plain_lists)));
    }
    let [(cases_a, plain_a), (cases_b, plain_b)] = <[_; 2]>::try_from(runs).ok().expect("two runs");
    println!(
        "untrusted reads (dhat; peak bytes live during read_json, default ReadLimits; item \
         counts one past a power of two / one past a model list's capacity)"
    );
    print_reads(&cases_a, &cases_b);
    println!();
    println!("a caller's plain Vec of model values (bounded too)");
    print_reads(&plain_a, &plain_b);
    let over: Vec<String> = [cases_a, cases_b, plain_a, plain_b]
        .iter()
        .flatten()
        .filter(|r| r.peak > BOUND_PER_BYTE * r.input + ReadLimits::MODEL_BYTES_FLOOR)
        .map(|r| {
            format!(
                "{} / {}: {} bytes for {} of input",
                r.kind, r.name, r.peak, r.input
            )
        })
        .collect();
    assert!(
        over.is_empty(),
        "reads over {BOUND_PER_BYTE} bytes per input byte (+ {} bytes):\n{}",
        ReadLimits::MODEL_BYTES_FLOOR,
        over.join("\n")
    );
}

/// A document read: type, what it holds (and the error, if refused), input and peak bytes.
struct Read {
    kind: &'static str,
    name: String,
    input: usize,
    peak: usize,
}

/// The worse of two reads of each document, with both ratios.
fn print_reads(a: &[Read], b: &[Read]) {
    println!("| type | document | input bytes | peak bytes | peak / input (pow2+1, cap+1) |");
    println!("|---|---|---:|---:|---:|");
    for (x, y) in a.iter().zip(b) {
        let (rx, ry) = (ratio(x.peak as u64, x.input), ratio(y.peak as u64, y.input));
        let worst = if rx >= ry { x } else { y };
        println!(
            "| {} | {} | {} | {} | {:.2} ({rx:.2}, {ry:.2}) |",
            worst.kind,
            worst.name,
            worst.input,
            worst.peak,
            rx.max(ry),
        );
    }
}

/// Reads each document under its own profiler.
fn measure_reads(cases: &[Case]) -> Vec<Read> {
    let mut reads = Vec::new();
    for (kind, name, doc) in cases {
        let profiler = dhat::Profiler::builder().testing().build();
        let read = reader_for(kind);
        let ok = read(doc);
        let stats = dhat::HeapStats::get();
        drop(profiler);
        let peak = stats.max_bytes;
        let note = match ok {
            Ok(()) => String::new(),
            Err(e) => format!(" (refused: {e})"),
        };
        reads.push(Read {
            kind,
            name: format!("{name}{note}"),
            input: doc.len(),
            peak,
        });
    }
    reads
}

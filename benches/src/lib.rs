//! Fixtures shared by the benchmarks (issue 6): the same tool results built and read three
//! ways — this framework (`ours`), `rmcp`'s model (`theirs`), and hand-written `serde_json`
//! (`by_hand`) — plus the floors the blob paths are measured against (`floor`).
//!
//! Every function takes the same inputs and returns comparable outputs (JSON bytes, or a
//! value holding the decoded bytes), so the timing and memory benches only differ in how
//! they call them.

use serde::Deserialize;

pub mod served;
pub mod stdio;

/// The text of encode-small: 300 bytes of prose with nothing to escape.
pub const SMALL_TEXT: &str = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen \
liquor jugs. How vexingly quick daft zebras jump! Sphinx of black quartz, judge my vow. The five \
boxing wizards jump quickly. Jackdaws love my big sphinx of quartz. Waltz, bad nymph, for quick \
jigs vex. Glib jocks quiz nymph to vex dwarf. Quick zephyrs bl";

/// The caption text block of encode-blob.
pub const CAPTION: &str = "Screenshot of the dashboard, 1 MiB PNG.";

/// The JSON document embedded as a resource in encode-blob.
pub const REPORT_JSON: &str =
    r#"{"status":"ok","widgets":12,"errors":[],"elapsed_ms":41.5,"tags":["dashboard","nightly"]}"#;

/// The URI of the embedded JSON resource.
pub const REPORT_URI: &str = "file:///report.json";

/// The result `_meta` key of encode-blob.
pub const REQUEST_KEY: &str = "com.example/request-id";

/// The result `_meta` value of encode-blob.
pub const REQUEST_ID: &str = "req-7f3a9c";

/// The image's MIME type.
pub const IMAGE_MIME: &str = "image/png";

/// 1 MiB of deterministic, incompressible-looking bytes (a xorshift stream), so base64
/// engines cannot take shortcuts on runs.
pub fn image_bytes() -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut out = Vec::with_capacity(1 << 20);
    while out.len() < 1 << 20 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out.extend_from_slice(&state.to_le_bytes());
    }
    out.truncate(1 << 20);
    out
}

/// What every decode-blob path produces: the four values, image bytes decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlobParts {
    /// The caption text block.
    pub caption: String,
    /// The decoded image bytes.
    pub image: Vec<u8>,
    /// The embedded JSON resource's text.
    pub report: String,
    /// The result `_meta` value.
    pub request_id: String,
}

/// This framework: `#[derive(Content)]` types, serialized with `to_json_for` and read back
/// with `read_json` + `FromContent`.
pub mod ours {
    use mcp_content::{
        CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, ReadError,
        SerializeFor, read_json,
    };

    /// The result of encode-small: one text block.
    #[derive(Content, Debug, PartialEq, Eq)]
    pub struct Small {
        /// The text block.
        #[content(text)]
        pub text: String,
    }

    /// The result of encode-blob: a text block, an image given as bytes, an embedded JSON
    /// resource and a result `_meta` entry.
    #[derive(Content, Debug, PartialEq, Eq)]
    pub struct Blob {
        /// The caption text block.
        #[content(text)]
        pub caption: String,
        /// The image, raw bytes (base64-encoded only when written).
        #[content(image(mime = "image/png"))]
        pub image: Vec<u8>,
        /// The embedded JSON document.
        #[content(resource(uri = "file:///report.json", mime = "application/json"))]
        pub report: String,
        /// Goes to the result's `_meta`.
        #[content(meta = "com.example/request-id")]
        pub request_id: String,
    }

    /// encode-small: builds the derived value and writes the result's JSON bytes.
    pub fn encode_small(text: &str) -> Vec<u8> {
        Small {
            text: text.to_owned(),
        }
        .into_call_tool_result()
        .to_json_for(ProtocolVersion::LATEST)
    }

    /// encode-blob: the image is moved in (no copy) and encoded straight into the output.
    pub fn encode_blob(image: Vec<u8>) -> Vec<u8> {
        Blob {
            caption: super::CAPTION.to_owned(),
            image,
            report: super::REPORT_JSON.to_owned(),
            request_id: super::REQUEST_ID.to_owned(),
        }
        .into_call_tool_result()
        .to_json_for(ProtocolVersion::LATEST)
    }

    /// decode-small: untrusted bytes → validated `CallToolResult` → the derived value (the
    /// text moved out of the result, as every path does).
    pub fn decode_small(json: &[u8]) -> Result<Small, ReadError> {
        let result: CallToolResult = read_json(json)?;
        Small::from_owned_call_tool_result(result)
    }

    /// decode-blob: untrusted bytes → validated `CallToolResult` (base64 checked) → the
    /// derived value (image decoded, texts moved out).
    pub fn decode_blob(json: &[u8]) -> Result<Blob, ReadError> {
        let result: CallToolResult = read_json(json)?;
        Blob::from_owned_call_tool_result(result)
    }
}

/// `rmcp` 3.x: its model types built by hand (it has no derive for content), serialized
/// with `serde_json`; read back with its `Deserialize` and a base64 decode.
pub mod theirs {
    use base64::Engine as _;
    use rmcp::model::{CallToolResult, ContentBlock, MetaObject, ResourceContents};
    use serde_json::Value;

    use super::BlobParts;

    /// The base64 engine an `rmcp` user gets from rmcp's own `base64` dependency.
    const B64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

    /// encode-small.
    pub fn encode_small(text: &str) -> Vec<u8> {
        let result = CallToolResult::success(vec![ContentBlock::text(text)]);
        serde_json::to_vec(&result).expect("rmcp results serialize")
    }

    fn blob_result(data: String) -> CallToolResult {
        let mut meta = MetaObject::new();
        meta.insert(
            super::REQUEST_KEY.to_owned(),
            Value::from(super::REQUEST_ID),
        );
        CallToolResult::success(vec![
            ContentBlock::text(super::CAPTION),
            ContentBlock::image(data, super::IMAGE_MIME),
            ContentBlock::resource(
                ResourceContents::text(super::REPORT_JSON, super::REPORT_URI)
                    .with_mime_type("application/json"),
            ),
        ])
        .with_meta(Some(meta))
    }

    /// encode-blob, base64 with the `base64` crate (rmcp's own engine).
    pub fn encode_blob(image: &[u8]) -> Vec<u8> {
        let result = blob_result(B64.encode(image));
        serde_json::to_vec(&result).expect("rmcp results serialize")
    }

    /// encode-blob, base64 with `base64-simd`: rmcp's model with the fastest engine, to
    /// separate the model's cost from the engine's.
    pub fn encode_blob_simd(image: &[u8]) -> Vec<u8> {
        let result = blob_result(base64_simd::STANDARD.encode_to_string(image));
        serde_json::to_vec(&result).expect("rmcp results serialize")
    }

    /// decode-small: its `CallToolResult`, then the text moved out.
    pub fn decode_small(json: &[u8]) -> Option<String> {
        let result: CallToolResult = serde_json::from_slice(json).ok()?;
        match result.content.into_iter().next()? {
            ContentBlock::Text(text) => Some(text.text),
            _ => None,
        }
    }

    /// decode-blob: its `CallToolResult`, then the image decoded with the `base64` crate.
    pub fn decode_blob(json: &[u8]) -> Option<BlobParts> {
        let result: CallToolResult = serde_json::from_slice(json).ok()?;
        parts(result, |data| B64.decode(data).ok())
    }

    /// decode-blob with the image decoded by `base64-simd`.
    pub fn decode_blob_simd(json: &[u8]) -> Option<BlobParts> {
        let result: CallToolResult = serde_json::from_slice(json).ok()?;
        parts(result, |data| {
            base64_simd::STANDARD.decode_to_vec(data).ok()
        })
    }

    /// The texts are moved out of the result, as every path does.
    fn parts(
        result: CallToolResult,
        decode: impl Fn(&str) -> Option<Vec<u8>>,
    ) -> Option<BlobParts> {
        let request_id = result
            .meta
            .as_ref()?
            .get(super::REQUEST_KEY)?
            .as_str()?
            .to_owned();
        let Ok(
            [
                ContentBlock::Text(caption),
                ContentBlock::Image(image),
                ContentBlock::Resource(report),
            ],
        ) = <[ContentBlock; 3]>::try_from(result.content)
        else {
            return None;
        };
        let ResourceContents::TextResourceContents { text: report, .. } = report.resource else {
            return None;
        };
        Some(BlobParts {
            caption: caption.text,
            image: decode(&image.data)?,
            report,
            request_id,
        })
    }
}

/// Hand-written `serde_json`: `json!` to build, `Value` to read.
pub mod by_hand {
    use serde_json::{Value, json};

    use super::BlobParts;

    /// encode-small.
    pub fn encode_small(text: &str) -> Vec<u8> {
        let value = json!({
            "content": [{"type": "text", "text": text}],
            "resultType": "complete",
        });
        serde_json::to_vec(&value).expect("values serialize")
    }

    /// encode-blob (base64 with `base64-simd` into a `String` first: a `Value` holds text).
    pub fn encode_blob(image: &[u8]) -> Vec<u8> {
        let value = json!({
            "content": [
                {"type": "text", "text": super::CAPTION},
                {"type": "image", "data": base64_simd::STANDARD.encode_to_string(image), "mimeType": super::IMAGE_MIME},
                {"type": "resource", "resource": {
                    "uri": super::REPORT_URI, "mimeType": "application/json", "text": super::REPORT_JSON,
                }},
            ],
            "_meta": {super::REQUEST_KEY: super::REQUEST_ID},
            "resultType": "complete",
        });
        serde_json::to_vec(&value).expect("values serialize")
    }

    /// decode-small.
    pub fn decode_small(json: &[u8]) -> Option<String> {
        let mut value: Value = serde_json::from_slice(json).ok()?;
        match value.pointer_mut("/content/0/text")?.take() {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    /// decode-blob (image decoded with `base64-simd`; no rule checked beyond base64).
    pub fn decode_blob(json: &[u8]) -> Option<BlobParts> {
        let value: Value = serde_json::from_slice(json).ok()?;
        let text = |pointer: &str| value.pointer(pointer)?.as_str().map(str::to_owned);
        let data = value.pointer("/content/1/data")?.as_str()?;
        Some(BlobParts {
            caption: text("/content/0/text")?,
            image: base64_simd::STANDARD.decode_to_vec(data).ok()?,
            report: text("/content/2/resource/text")?,
            request_id: value
                .get("_meta")?
                .get(super::REQUEST_KEY)?
                .as_str()?
                .to_owned(),
        })
    }
}

/// The floors: the least work any implementation must do.
pub mod floor {
    use std::borrow::Cow;
    use std::collections::BTreeMap;

    use super::{BlobParts, Deserialize};

    /// encode-blob's floor: SIMD base64 of the image into a preallocated buffer.
    pub fn encode_into(image: &[u8], out: &mut [u8]) -> usize {
        base64_simd::STANDARD
            .encode(image, base64_simd::Out::from_slice(out))
            .len()
    }

    /// A block, every string borrowed from the document.
    #[derive(Deserialize)]
    struct Block<'a> {
        #[serde(borrow)]
        text: Option<&'a str>,
        #[serde(borrow)]
        data: Option<&'a str>,
        #[serde(borrow)]
        resource: Option<Resource<'a>>,
    }

    #[derive(Deserialize)]
    struct Resource<'a> {
        /// The embedded JSON has quotes, escaped in the document: borrowed when it can be.
        #[serde(borrow)]
        text: Cow<'a, str>,
    }

    #[derive(Deserialize)]
    struct Document<'a> {
        #[serde(borrow)]
        content: Vec<Block<'a>>,
        #[serde(borrow, rename = "_meta")]
        meta: BTreeMap<&'a str, &'a str>,
    }

    /// decode-blob's floor: a borrowed-string parse of the whole document plus SIMD base64
    /// decoding of the image (the other strings copied out, as every path returns them owned).
    pub fn decode_blob(json: &[u8]) -> Option<BlobParts> {
        let document: Document<'_> = serde_json::from_slice(json).ok()?;
        let [caption, image, report] = document.content.as_slice() else {
            return None;
        };
        Some(BlobParts {
            caption: caption.text?.to_owned(),
            image: base64_simd::STANDARD.decode_to_vec(image.data?).ok()?,
            report: report.resource.as_ref()?.text.clone().into_owned(),
            request_id: (*document.meta.get(super::REQUEST_KEY)?).to_owned(),
        })
    }
}

/// Converts the derived blob into the shared shape (for checks that all paths agree).
pub fn ours_parts(blob: ours::Blob) -> BlobParts {
    BlobParts {
        caption: blob.caption,
        image: blob.image,
        report: blob.report,
        request_id: blob.request_id,
    }
}

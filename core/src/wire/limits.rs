//! Limits for reading untrusted input: document size, nesting depth and decoded binary
//! size (see [`ReadLimits`]), and the one-pass scan that checks depth and duplicate keys
//! before a document is parsed.
//!
//! This file holds [`ReadLimits`] and the errors of a limit passed; the limits of the read
//! in progress on this thread (binary size, blocks, model memory) are in `scope`, the
//! pass over a document's bytes in `scan`, the same checks on a `serde_json::Value` in
//! `value`.

use crate::rules::{Rule, Violation};
use crate::wire::error::ReadError;

mod scan;
mod scope;
mod value;

pub use self::scan::{Finding, path_at, scan, scan_counting};
pub(crate) use self::scope::{
    BinaryLimitScope, ModelValue, charge_model, check_binary_text, count_block, https_icons_only,
    reading, reset_blocks,
};
pub use self::value::{ValueProblem, check_value_depth, drop_iteratively, within_depth};

/// How much untrusted input a read accepts.
///
/// A peer can send anything. [`read_json`](crate::read_json) and
/// [`read_value`](crate::wire::read_value) apply `ReadLimits::default()`; [`read_json_with`](crate::wire::read_json_with) and
/// [`read_value_with`](crate::wire::read_value_with) take others. A value over a limit is an error with rule
/// [`Rule::Limit`] and the JSON path of the offending value (`.` for the whole document):
///
/// | limit | default | checked |
/// |---|---|---|
/// | [`max_document_bytes`](Self::max_document_bytes) | 32 MiB | before parsing |
/// | [`max_depth`](Self::max_depth) | 64 nested arrays / objects | before parsing, in one pass over the bytes |
/// | [`max_binary_bytes`](Self::max_binary_bytes) | 16 MiB decoded, per `data` / `blob` | as each base64 string is read, before it is validated |
/// | [`max_values`](Self::max_values) | 8,388,608 JSON values (every scalar, array and object) | before parsing, in the same pass |
/// | [`max_blocks`](Self::max_blocks) | 1,048,576 content blocks, resource contents and prompt messages | as each is read |
/// | [`max_model_bytes_per_byte`](Self::max_model_bytes_per_byte) | 6 bytes of model values per input byte (plus 16 KiB) | as each value is read |
///
/// # Memory
///
/// Within these limits, [`read_json_with`](crate::wire::read_json_with) reading a model type, or a `Vec` of one, holds at
/// most **8 times the document's size, plus 16 KiB**, in memory at its peak (bytes allocated
/// and live; the input itself not counted). The memory benchmark
/// (`cargo bench -p mcp-content-benches --bench memory`) measures the worst documents found,
/// class by class (tiny blocks, tiny descriptors, empty strings, `_meta` and unknown-field
/// entries, icons, sizes, schema entries, annotations…), and the test `read_memory` of that
/// crate fails if one of them goes over. The bound holds because:
///
/// - what the model does not interpret (unknown fields and blocks, `_meta` values,
///   structured content) is kept as JSON text, about as long as its input, not as
///   `serde_json::Value`s;
/// - the model's lists grow by a quarter, not by doubling;
/// - each value the model holds is charged its size in memory as it is read: the slots of a
///   list as it grows, a boxed block, and a value read into a caller's plain `Vec` twice its
///   size (a `Vec` doubles as it grows). Once the charges pass
///   [`max_model_bytes_per_byte`](Self::max_model_bytes_per_byte) times the document's length
///   (plus 16 KiB, so that small documents are never refused), the read stops with a
///   [`Rule::Limit`] error naming the path of the value it was reading. Only documents of
///   many tiny values reach it: a `Tool` is charged about 200 bytes, so a list of tools is
///   refused only when they average less than about 35 bytes each.
///
/// [`read_value_with`](crate::wire::read_value_with) applies the same budget to a `serde_json::Value`, measured against the
/// length of the value written as compact JSON (its strings' escapes not counted, so never
/// more than the bytes that would read as it): the same document is refused, at the same
/// path, whether it arrives as bytes or as a `Value`, and a `Value` read within the limits
/// adds at most `max_model_bytes_per_byte` times that length (plus 16 KiB) of model values
/// to the memory the `Value` itself already takes (the `Value`, the caller's, is not
/// counted: it takes more than its JSON text). The length is counted in the pass that
/// checks its depth and values.
///
/// One policy is opt-in rather than a limit: [`https_icons_only`](Self::https_icons_only)
/// refuses icons whose `src` is `http:` (the spec allows HTTP and HTTPS URLs; what this crate
/// creates is `https:` or `data:`).
///
/// Whatever the limits, [`read_json_with`](crate::wire::read_json_with) also refuses an object with the same key twice,
/// anywhere in the document (`_meta`, structured content, unknown fields…): `serde_json`
/// would keep the last one, and a peer that keeps the first would read another document.
/// The same pass over the bytes checks both (about 0.2 ms per MiB of base64 here, against
/// about 0.45 ms to parse it).
///
/// Plain `serde_json::from_slice` / `from_value` into the model apply none of this
/// (`serde_json`'s parser still stops at 128 levels): use them for trusted input only.
///
/// ```
/// use mcp_content::CallToolResult;
/// use mcp_content::wire::{ReadLimits, read_json_with};
/// use mcp_content::rules::Rule;
///
/// let limits = ReadLimits::default();
/// assert_eq!(limits.max_document_bytes, 32 * 1024 * 1024);
/// assert_eq!(limits.max_depth, 64);
/// assert_eq!(limits.max_binary_bytes, 16 * 1024 * 1024);
///
/// let json = br#"{"content":[{"type":"image","data":"AAAAAAAA","mimeType":"image/png"}]}"#;
/// let limits = ReadLimits::default().with_max_binary_bytes(4);
/// let err = read_json_with::<CallToolResult>(json, &limits).unwrap_err();
/// assert_eq!(err.path(), "content[0].data");
/// assert_eq!(err.rule(), Some(Rule::Limit));
/// assert_eq!(
///     err.to_string(),
///     "content[0].data: binary data of 6 bytes is over the limit of 4 bytes (rule: limit)"
/// );
///
/// let err = read_json_with::<CallToolResult>(br#"{"content":[],"_meta":{"a":1,"a":2}}"#, &limits)
///     .unwrap_err();
/// assert_eq!(err.to_string(), "_meta: duplicate field `a`");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadLimits {
    /// The largest document, in bytes, [`read_json_with`](crate::wire::read_json_with) parses. Default: 32 MiB.
    pub max_document_bytes: usize,
    /// The deepest nesting of arrays and objects (the document's root object is depth 1).
    /// Default: 64. `serde_json`'s parser refuses 128 levels and more whatever this says.
    pub max_depth: usize,
    /// The largest decoded size, in bytes, of one base64 `data` or `blob`. Default: 16 MiB.
    pub max_binary_bytes: usize,
    /// The most JSON values (scalars, arrays and objects, the root included) in a document.
    /// Default: 8,388,608.
    pub max_values: usize,
    /// The most content blocks, resource contents and prompt messages, together, in a
    /// document. Default: 1,048,576.
    pub max_blocks: usize,
    /// The most bytes the model's values may take in memory (list slots, boxed blocks,
    /// descriptors read into a plain `Vec`) per byte of the document, above a floor of
    /// 16 KiB. Default: 6, which keeps a whole read under 8 times the document's size (the
    /// rest is the text the model keeps). See [Memory](#memory).
    pub max_model_bytes_per_byte: usize,
    /// Refuse icons whose `src` is `http:` (the spec allows it; default `false`).
    pub https_icons_only: bool,
}

impl ReadLimits {
    /// The default [`max_document_bytes`](Self::max_document_bytes): 32 MiB, room for the
    /// default binary limit in base64 (16 MiB decoded is 21.3 MiB of text) and the rest.
    pub const DEFAULT_MAX_DOCUMENT_BYTES: usize = 32 * 1024 * 1024;
    /// The default [`max_depth`](Self::max_depth): 64 (MCP results nest about 6 levels; the
    /// rest is for `_meta` and structured content).
    pub const DEFAULT_MAX_DEPTH: usize = 64;
    /// The default [`max_binary_bytes`](Self::max_binary_bytes): 16 MiB decoded.
    pub const DEFAULT_MAX_BINARY_BYTES: usize = 16 * 1024 * 1024;

    /// The default [`max_values`](Self::max_values).
    pub const DEFAULT_MAX_VALUES: usize = 1 << 23;
    /// The default [`max_blocks`](Self::max_blocks).
    pub const DEFAULT_MAX_BLOCKS: usize = 1 << 20;
    /// The default [`max_model_bytes_per_byte`](Self::max_model_bytes_per_byte).
    pub const DEFAULT_MAX_MODEL_BYTES_PER_BYTE: usize = 6;
    /// The model bytes every document may take whatever its length: a small document is
    /// never refused for the fixed size of the values it holds.
    pub const MODEL_BYTES_FLOOR: usize = 16 * 1024;
    /// The deepest nesting any read takes, whatever the limits say, in arrays and objects
    /// one in another: what `serde_json`'s parser reads (its budget of 128 levels stops at the
    /// 128th), so no document read here is one a `serde_json` peer cannot parse; a `Value`
    /// read by [`read_value_with`](crate::wire::read_value_with) is held to the same depth (deeper
    /// ones would overflow the stack while read).
    pub const PARSER_MAX_DEPTH: usize = 127;

    /// The defaults.
    pub const fn new() -> Self {
        Self {
            max_document_bytes: Self::DEFAULT_MAX_DOCUMENT_BYTES,
            max_depth: Self::DEFAULT_MAX_DEPTH,
            max_binary_bytes: Self::DEFAULT_MAX_BINARY_BYTES,
            max_values: Self::DEFAULT_MAX_VALUES,
            max_blocks: Self::DEFAULT_MAX_BLOCKS,
            max_model_bytes_per_byte: Self::DEFAULT_MAX_MODEL_BYTES_PER_BYTE,
            https_icons_only: false,
        }
    }

    /// No limit of this module: for trusted input only. The parser's depth limit of
    /// [`PARSER_MAX_DEPTH`](Self::PARSER_MAX_DEPTH) levels still applies, to bytes and to
    /// `Value`s alike, so no input aborts the process.
    pub const fn unlimited() -> Self {
        Self {
            max_document_bytes: usize::MAX,
            max_depth: usize::MAX,
            max_binary_bytes: usize::MAX,
            max_values: usize::MAX,
            max_blocks: usize::MAX,
            max_model_bytes_per_byte: usize::MAX,
            https_icons_only: false,
        }
    }

    /// These limits with another maximum number of JSON values.
    #[must_use]
    pub const fn with_max_values(mut self, values: usize) -> Self {
        self.max_values = values;
        self
    }

    /// These limits with another maximum number of blocks.
    #[must_use]
    pub const fn with_max_blocks(mut self, blocks: usize) -> Self {
        self.max_blocks = blocks;
        self
    }

    /// These limits with another maximum of model bytes per input byte.
    #[must_use]
    pub const fn with_max_model_bytes_per_byte(mut self, bytes: usize) -> Self {
        self.max_model_bytes_per_byte = bytes;
        self
    }

    /// These limits, refusing (or not) icons whose `src` is `http:`.
    #[must_use]
    pub const fn with_https_icons_only(mut self, https_only: bool) -> Self {
        self.https_icons_only = https_only;
        self
    }

    /// These limits with another maximum document size.
    #[must_use]
    pub const fn with_max_document_bytes(mut self, bytes: usize) -> Self {
        self.max_document_bytes = bytes;
        self
    }

    /// These limits with another maximum nesting depth.
    #[must_use]
    pub const fn with_max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// These limits with another maximum decoded binary size.
    #[must_use]
    pub const fn with_max_binary_bytes(mut self, bytes: usize) -> Self {
        self.max_binary_bytes = bytes;
        self
    }
}

impl Default for ReadLimits {
    fn default() -> Self {
        Self::new()
    }
}

pub(crate) fn depth_error(path: String, max_depth: usize) -> ReadError {
    ReadError::new(
        path,
        Violation::new(
            Rule::Limit,
            format!("nested deeper than {max_depth} levels"),
        ),
    )
}

pub(crate) fn values_error(path: String, max_values: usize) -> ReadError {
    ReadError::new(
        path,
        Violation::new(
            Rule::Limit,
            format!("more than {max_values} JSON values in the document"),
        ),
    )
}

/// `serde_json`'s own recursion limit (128 levels) is a limit too: name it so.
pub fn recursion_as_limit(error: ReadError) -> ReadError {
    if error.rule().is_none() && error.detail().starts_with("recursion limit exceeded") {
        let path = error.path().to_owned();
        ReadError::new(
            path,
            Violation::new(
                Rule::Limit,
                "nested deeper than the JSON parser's 127 levels",
            ),
        )
    } else {
        error
    }
}

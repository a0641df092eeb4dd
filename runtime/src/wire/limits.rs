//! Limits for reading untrusted input: document size, nesting depth and decoded binary
//! size (see [`ReadLimits`]), and the one-pass scan that checks depth and duplicate keys
//! before a document is parsed.

use std::borrow::Cow;
use std::cell::Cell;

use serde_json::Value;

use crate::rules::{Rule, Violation};
use crate::wire::error::ReadError;

/// How much untrusted input a read accepts.
///
/// A peer can send anything. [`read_json`](crate::read_json) and
/// [`read_value`](crate::read_value) apply `ReadLimits::default()`; [`read_json_with`](crate::read_json_with) and
/// [`read_value_with`](crate::read_value_with) take others. A value over a limit is an error with rule
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
/// Within these limits, [`read_json_with`](crate::read_json_with) reading a model type, or a `Vec` of one, holds at
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
/// [`read_value_with`](crate::read_value_with) applies the same budget to a `serde_json::Value`, measured against the
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
/// Whatever the limits, [`read_json_with`](crate::read_json_with) also refuses an object with the same key twice,
/// anywhere in the document (`_meta`, structured content, unknown fields…): `serde_json`
/// would keep the last one, and a peer that keeps the first would read another document.
/// The same pass over the bytes checks both (about 0.2 ms per MiB of base64 here, against
/// about 0.45 ms to parse it).
///
/// Plain `serde_json::from_slice` / `from_value` into the model apply none of this
/// (`serde_json`'s parser still stops at 128 levels): use them for trusted input only.
///
/// ```
/// use mcp_content::{CallToolResult, ReadLimits, read_json_with};
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
    /// The largest document, in bytes, [`read_json_with`](crate::read_json_with) parses. Default: 32 MiB.
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
    /// The deepest nesting any read takes, whatever the limits say: `serde_json`'s parser
    /// stops at 128 levels, and a `Value` read by [`read_value_with`](crate::read_value_with) is held to the same
    /// depth (deeper ones would overflow the stack while read).
    pub const PARSER_MAX_DEPTH: usize = 128;

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

// ---------------------------------------------------------------------------------------
// Binary size: the base64 reader asks the limit of the read in progress on this thread.

thread_local! {
    /// The limits of the `read_*_with` running on this thread, if any, and how many blocks
    /// it has read. Reading is synchronous (no `.await` inside), so a thread-local scoped to
    /// the call is exact.
    static SCOPE: Scope = const { Scope::new() };
}

/// The limits of a read and its counts, saved and restored whole by [`BinaryLimitScope`].
#[derive(Clone, Copy)]
struct ActiveLimits {
    max_binary_bytes: usize,
    max_blocks: usize,
    blocks: usize,
    https_icons_only: bool,
    /// The model bytes the read may take in all, and those charged so far.
    model_budget: usize,
    model_bytes: usize,
    /// How many model values are being read around the current point (0: the next one is
    /// the document's root or an element of a caller's collection).
    model_depth: usize,
}

/// [`ActiveLimits`] one cell a field: the counters a read bumps for every block and model
/// value are read and written alone, not the whole record each time.
struct Scope {
    active: Cell<bool>,
    max_binary_bytes: Cell<usize>,
    max_blocks: Cell<usize>,
    blocks: Cell<usize>,
    https_icons_only: Cell<bool>,
    model_budget: Cell<usize>,
    model_bytes: Cell<usize>,
    model_depth: Cell<usize>,
}

impl Scope {
    const fn new() -> Self {
        Self {
            active: Cell::new(false),
            max_binary_bytes: Cell::new(0),
            max_blocks: Cell::new(0),
            blocks: Cell::new(0),
            https_icons_only: Cell::new(false),
            model_budget: Cell::new(0),
            model_bytes: Cell::new(0),
            model_depth: Cell::new(0),
        }
    }

    fn get(&self) -> Option<ActiveLimits> {
        self.active.get().then(|| ActiveLimits {
            max_binary_bytes: self.max_binary_bytes.get(),
            max_blocks: self.max_blocks.get(),
            blocks: self.blocks.get(),
            https_icons_only: self.https_icons_only.get(),
            model_budget: self.model_budget.get(),
            model_bytes: self.model_bytes.get(),
            model_depth: self.model_depth.get(),
        })
    }

    fn set(&self, limits: Option<ActiveLimits>) {
        self.active.set(limits.is_some());
        if let Some(limits) = limits {
            self.max_binary_bytes.set(limits.max_binary_bytes);
            self.max_blocks.set(limits.max_blocks);
            self.blocks.set(limits.blocks);
            self.https_icons_only.set(limits.https_icons_only);
            self.model_budget.set(limits.model_budget);
            self.model_bytes.set(limits.model_bytes);
            self.model_depth.set(limits.model_depth);
        }
    }
}

/// Sets the limits for the current read and restores the outer ones when dropped (also on
/// unwinding), so nested reads each see their own.
pub(crate) struct BinaryLimitScope(Option<ActiveLimits>);

impl BinaryLimitScope {
    /// The limits of a read of `input_len` bytes of JSON (for a `Value`, the length of its
    /// compact JSON: see [`ReadLimits`]).
    pub(crate) fn enter_for_document(limits: &ReadLimits, input_len: usize) -> Self {
        let budget = input_len
            .saturating_mul(limits.max_model_bytes_per_byte)
            .saturating_add(ReadLimits::MODEL_BYTES_FLOOR);
        Self::enter_with_budget(limits, budget)
    }

    fn enter_with_budget(limits: &ReadLimits, model_budget: usize) -> Self {
        let active = ActiveLimits {
            max_binary_bytes: limits.max_binary_bytes,
            max_blocks: limits.max_blocks,
            blocks: 0,
            https_icons_only: limits.https_icons_only,
            model_budget,
            model_bytes: 0,
            model_depth: 0,
        };
        Self(SCOPE.with(|scope| {
            let outer = scope.get();
            scope.set(Some(active));
            outer
        }))
    }
}

/// Charges `bytes` of model memory to the read in progress (none outside `read_*`).
pub(crate) fn charge_model(bytes: usize) -> Result<(), Violation> {
    let over = SCOPE.with(|scope| {
        if !scope.active.get() {
            return None;
        }
        let charged = scope.model_bytes.get().saturating_add(bytes);
        scope.model_bytes.set(charged);
        let budget = scope.model_budget.get();
        (charged > budget).then_some(budget)
    });
    match over {
        None => Ok(()),
        Some(budget) => Err(model_budget_error(budget)),
    }
}

#[cold]
fn model_budget_error(budget: usize) -> Violation {
    Violation::new(
        Rule::Limit,
        format!(
            "the values read take more than {budget} bytes in memory, over the limit for a \
             document of this size (max_model_bytes_per_byte)"
        ),
    )
}

/// Marks a model value of type `T` as being read until dropped. One read outside any other
/// model value (the root, or an element of a caller's plain collection, which doubles as it
/// grows) is charged twice its size; inside one, its room is charged by what holds it.
pub(crate) struct ModelValue(());

impl ModelValue {
    pub(crate) fn enter<T>() -> Result<Self, Violation> {
        let outermost = SCOPE.with(|scope| {
            if !scope.active.get() {
                return false;
            }
            let depth = scope.model_depth.get() + 1;
            scope.model_depth.set(depth);
            depth == 1
        });
        let guard = Self(());
        if outermost {
            charge_model(2 * size_of::<T>())?;
        }
        Ok(guard)
    }
}

impl Drop for ModelValue {
    fn drop(&mut self) {
        SCOPE.with(|scope| {
            if scope.active.get() {
                scope
                    .model_depth
                    .set(scope.model_depth.get().saturating_sub(1));
            }
        });
    }
}

impl Drop for BinaryLimitScope {
    fn drop(&mut self) {
        SCOPE.with(|scope| scope.set(self.0));
    }
}

/// Counts one block (content block, resource contents, prompt message) of the read in
/// progress against its limit.
pub(crate) fn count_block() -> Result<(), Violation> {
    let over = SCOPE.with(|scope| {
        if !scope.active.get() {
            return None;
        }
        let blocks = scope.blocks.get() + 1;
        scope.blocks.set(blocks);
        let max = scope.max_blocks.get();
        (blocks > max).then_some(max)
    });
    match over {
        None => Ok(()),
        Some(max) => Err(Violation::new(
            Rule::Limit,
            format!("more than {max} blocks in the document"),
        )),
    }
}

/// Starts the block count of the read in progress again (a second pass over the same input).
pub(crate) fn reset_blocks() {
    SCOPE.with(|scope| {
        if scope.active.get() {
            scope.blocks.set(0);
            scope.model_bytes.set(0);
            scope.model_depth.set(0);
        }
    });
}

/// Whether the read in progress refuses `http:` icons.
pub(crate) fn https_icons_only() -> bool {
    SCOPE.with(|scope| scope.active.get() && scope.https_icons_only.get())
}

/// Whether a read (`read_*`) is in progress: a rule that reads more than it lets code build
/// (an `http:` icon) asks this.
pub(crate) fn reading() -> bool {
    SCOPE.with(|scope| scope.active.get())
}

/// Checks base64 `text` against the binary limit of the read in progress (none outside
/// `read_*`). Runs before the base64 itself is validated: the size is known from the length.
pub(crate) fn check_binary_text(text: &str) -> Result<(), Violation> {
    let Some(limit) = SCOPE.with(Scope::get).map(|a| a.max_binary_bytes) else {
        return Ok(());
    };
    // The decoded size of well-formed base64, rounded down; a text that is not base64 at all
    // fails the base64 rule right after this, so the estimate only has to be exact for it.
    let padding = text
        .bytes()
        .rev()
        .take(2)
        .take_while(|&b| b == b'=')
        .count();
    let decoded = (text.len() / 4 * 3).saturating_sub(padding);
    if decoded > limit {
        return Err(Violation::new(
            Rule::Limit,
            format!("binary data of {decoded} bytes is over the limit of {limit} bytes"),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Depth

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
pub(crate) fn recursion_as_limit(error: ReadError) -> ReadError {
    if error.rule().is_none() && error.detail().starts_with("recursion limit exceeded") {
        let path = error.path().to_owned();
        ReadError::new(
            path,
            Violation::new(
                Rule::Limit,
                "nested deeper than the JSON parser's 128 levels",
            ),
        )
    } else {
        error
    }
}

/// What one pass over the bytes found.
pub(crate) enum Finding {
    /// Nothing wrong.
    Clean,
    /// The container starting at this offset is nested deeper than the limit.
    TooDeep(usize),
    /// The object starting at this offset has this key twice.
    DuplicateKey(usize, String),
    /// The value starting at this offset is one more than the limit allows.
    TooManyValues(usize),
}

/// An object being scanned for duplicate keys: where it starts, where its keys start in
/// the shared key list, and whether it has many keys (then they are checked once, sorted,
/// when it closes, so a huge object stays `n log n` and takes 16 bytes a key).
#[derive(Clone, Copy, Default)]
struct OpenObject {
    start: usize,
    first_key: usize,
    many: bool,
}

/// A key seen in an open object: the offsets of its quotes. A key with escapes is compared
/// unescaped (see [`key_at`]).
#[derive(Clone, Copy, Default)]
struct SeenKey {
    start: usize,
    end: usize,
}

impl SeenKey {
    fn raw<'a>(&self, bytes: &'a [u8]) -> &'a [u8] {
        bytes.get(self.start + 1..self.end).unwrap_or_default()
    }

    fn escaped(&self, bytes: &[u8]) -> bool {
        memchr::memchr(b'\\', self.raw(bytes)).is_some()
    }

    /// The key's text, unescaped.
    fn text<'a>(&self, bytes: &'a [u8]) -> Cow<'a, [u8]> {
        if self.escaped(bytes) {
            key_at(bytes, self.start, self.end)
        } else {
            Cow::Borrowed(self.raw(bytes))
        }
    }
}

/// Past this many keys an object's keys are checked once, sorted, when it closes, instead of
/// by a linear search as each is read.
const LINEAR_KEYS: usize = 16;

/// The key of `keys` whose second occurrence comes first in the document, if any is there
/// twice.
fn first_duplicate(bytes: &[u8], mut keys: Vec<SeenKey>) -> Option<String> {
    keys.sort_unstable_by(|a, b| {
        a.text(bytes)
            .cmp(&b.text(bytes))
            .then(a.start.cmp(&b.start))
    });
    keys.windows(2)
        .filter(|pair| pair[0].text(bytes) == pair[1].text(bytes))
        .map(|pair| pair[1])
        .min_by_key(|key| key.start)
        .map(|key| String::from_utf8_lossy(&key.text(bytes)).into_owned())
}

/// A stack of plain values whose first `N` entries live inline, so the scan of a usual
/// document (a few levels, a few dozen keys) allocates nothing; deeper or wider ones spill
/// into a `Vec`.
struct Stack<T, const N: usize> {
    inline: [T; N],
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Stack<T, N> {
    fn new() -> Self {
        Self {
            inline: [T::default(); N],
            len: 0,
            spill: Vec::new(),
        }
    }

    fn push(&mut self, value: T) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = value,
            None => self.spill.push(value),
        }
        self.len += 1;
    }

    fn pop(&mut self) -> Option<T> {
        self.len = self.len.checked_sub(1)?;
        match self.inline.get(self.len) {
            Some(value) => Some(*value),
            None => self.spill.pop(),
        }
    }

    fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.spill.truncate(len.saturating_sub(N));
            self.len = len;
        }
    }

    fn get(&self, index: usize) -> Option<&T> {
        if index >= self.len {
            return None;
        }
        match self.inline.get(index) {
            Some(value) => Some(value),
            None => self.spill.get(index - N),
        }
    }

    fn last_mut(&mut self) -> Option<&mut T> {
        let index = self.len.checked_sub(1)?;
        match self.inline.get_mut(index) {
            Some(value) => Some(value),
            None => self.spill.last_mut(),
        }
    }

    /// The entries from `from` to the top.
    fn iter_from(&self, from: usize) -> impl Iterator<Item = &T> {
        (from..self.len).filter_map(|index| self.get(index))
    }
}

/// One pass over a document before it is parsed: the first container nested deeper than
/// `max_depth`, or the first object with a key twice (after unescaping). Tolerant: it
/// only tracks strings, brackets, colons and commas, so a malformed document is left for
/// the parser to report. Allocates nothing for a usual document: this runs before every
/// read, and a small tool result is read in about a microsecond.
pub(crate) fn scan(bytes: &[u8], max_depth: usize, max_values: usize) -> Finding {
    scan_counting(bytes, max_depth, max_values).0
}

/// [`scan`], and the number of JSON values it counted (all of them when it finds nothing).
/// The one-pass reader ([`guard`](crate::wire::guard)) checks the raw slices of a document
/// with it, with the depth and values left.
// One loop over the bytes is the point (this runs before every read): not split up.
#[allow(clippy::too_many_lines)]
pub(crate) fn scan_counting(bytes: &[u8], max_depth: usize, max_values: usize) -> (Finding, usize) {
    // Values seen so far, and the last byte outside strings and whitespace (a scalar starts
    // right after `:`, `,`, `[` or at the start).
    let mut values = 0usize;
    let mut previous = 0u8;
    // Open containers, innermost last: `true` for an object. One bit a level for the first
    // 64 levels (the default limit), a `Vec` past them.
    let mut depth = 0usize;
    let mut kinds_inline = 0u64;
    let mut kinds_spill: Vec<bool> = Vec::new();
    let innermost_is_object = |depth: usize, inline: u64, spill: &[bool]| match depth {
        0 => false,
        1..=64 => inline >> (depth - 1) & 1 == 1,
        _ => spill.last().copied().unwrap_or(false),
    };
    // The objects among them, the keys each has so far (one shared list), and the key sets
    // of the objects with many keys (innermost last).
    let mut objects: Stack<OpenObject, 8> = Stack::new();
    let mut keys: Stack<SeenKey, 16> = Stack::new();
    // Whether the next string is a key of the innermost object.
    let mut expect_key = false;
    let mut at = 0usize;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'"' => {
                let end = string_end(bytes, at);
                if !expect_key {
                    values += 1;
                    if values > max_values {
                        return (Finding::TooManyValues(at), values);
                    }
                }
                if expect_key && let Some(object) = objects.last_mut() {
                    let key = SeenKey { start: at, end };
                    let raw = key.raw(bytes);
                    // Two keys are the same when their unescaped texts are (raw bytes when
                    // neither has escapes, the common case).
                    let seen = if object.many {
                        false
                    } else if key.escaped(bytes)
                        || keys.iter_from(object.first_key).any(|k| k.escaped(bytes))
                    {
                        let text = key.text(bytes);
                        keys.iter_from(object.first_key)
                            .any(|k| k.text(bytes) == text)
                    } else {
                        keys.iter_from(object.first_key)
                            .any(|k| k.raw(bytes) == raw)
                    };
                    if seen {
                        let key =
                            crate::wire::error::cut(&String::from_utf8_lossy(&key.text(bytes)))
                                .into_owned();
                        return (Finding::DuplicateKey(object.start, key), values);
                    }
                    keys.push(key);
                    if keys.len - object.first_key > LINEAR_KEYS {
                        object.many = true;
                    }
                    expect_key = false;
                }
                at = end;
            }
            b'{' | b'[' => {
                if depth >= max_depth {
                    return (Finding::TooDeep(at), values);
                }
                values += 1;
                if values > max_values {
                    return (Finding::TooManyValues(at), values);
                }
                let object = byte == b'{';
                if depth < 64 {
                    kinds_inline = kinds_inline & !(1 << depth) | u64::from(object) << depth;
                } else {
                    kinds_spill.push(object);
                }
                depth += 1;
                if object {
                    objects.push(OpenObject {
                        start: at,
                        first_key: keys.len,
                        many: false,
                    });
                }
                expect_key = object;
            }
            b'}' | b']' => {
                if innermost_is_object(depth, kinds_inline, &kinds_spill)
                    && let Some(object) = objects.pop()
                {
                    if object.many {
                        let seen = keys.iter_from(object.first_key).copied().collect();
                        if let Some(key) = first_duplicate(bytes, seen) {
                            let key = crate::wire::error::cut(&key).into_owned();
                            return (Finding::DuplicateKey(object.start, key), values);
                        }
                    }
                    keys.truncate(object.first_key);
                }
                if depth > 64 {
                    kinds_spill.pop();
                }
                depth = depth.saturating_sub(1);
                expect_key = false;
            }
            b',' => expect_key = innermost_is_object(depth, kinds_inline, &kinds_spill),
            b' ' | b'\n' | b'\r' | b'\t' => {
                at += 1;
                continue;
            }
            b'-' | b'0'..=b'9' | b't' | b'f' | b'n'
                if matches!(previous, 0 | b':' | b',' | b'[') =>
            {
                values += 1;
                if values > max_values {
                    return (Finding::TooManyValues(at), values);
                }
            }
            _ => {}
        }
        previous = byte;
        at += 1;
    }
    (Finding::Clean, values)
}

/// The key whose quotes are at `start` and `end`, unescaped when it has escapes.
fn key_at(bytes: &[u8], start: usize, end: usize) -> Cow<'_, [u8]> {
    let raw = bytes.get(start + 1..end).unwrap_or_default();
    if memchr::memchr(b'\\', raw).is_none() {
        return Cow::Borrowed(raw);
    }
    let quoted = bytes.get(start..=end).unwrap_or_default();
    serde_json::from_slice::<String>(quoted)
        .map_or(Cow::Borrowed(raw), |k| Cow::Owned(k.into_bytes()))
}

/// The index of the closing quote of the string opening at `start` (or the end of input):
/// the next `"` not escaped by an odd run of backslashes.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut from = start + 1;
    loop {
        let Some(quote) = find_quote(bytes, from) else {
            return bytes.len();
        };
        // Only the bytes right before the quote are looked at: a run of backslashes is
        // short, whatever the length of the string.
        let backslashes = bytes
            .get(start + 1..quote)
            .unwrap_or_default()
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        if backslashes % 2 == 0 {
            return quote;
        }
        from = quote + 1;
    }
}

/// The index of the next `"` at or after `from`. Strings (base64 above all) are most of a
/// document, so this is `memchr`'s SIMD search (32 bytes at a time with AVX2, about four
/// times the 8-byte word test it replaced).
fn find_quote(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    memchr::memchr(b'"', rest).map(|i| from + i)
}

/// One open container on the way to a position.
enum Frame {
    /// An array and the index of its current element.
    Array(usize),
    /// An object and the key of its current member (`None` before the first, or while the
    /// key itself is being read).
    Object(Option<String>),
}

/// The JSON path (`serde_path_to_error`'s spelling: `a.b[2].c`) of the value starting at
/// `target`. Only runs for an error, so it rescans from the start.
pub(crate) fn path_at(bytes: &[u8], target: usize) -> String {
    let mut frames: Vec<Frame> = Vec::new();
    // Whether the next string in the innermost object is a key.
    let mut expect_key = false;
    let mut at = 0usize;
    while at < target {
        match bytes[at] {
            b'"' => {
                let end = string_end(bytes, at);
                if expect_key && let Some(Frame::Object(key)) = frames.last_mut() {
                    if end >= target {
                        // The target is inside this key: the path is the object's.
                        *key = None;
                        break;
                    }
                    let raw = bytes.get(at..=end).unwrap_or(&bytes[at..]);
                    *key = Some(serde_json::from_slice::<String>(raw).unwrap_or_else(|_| {
                        String::from_utf8_lossy(raw.get(1..raw.len() - 1).unwrap_or(raw))
                            .into_owned()
                    }));
                    expect_key = false;
                }
                at = end;
            }
            b'[' => frames.push(Frame::Array(0)),
            b'{' => {
                frames.push(Frame::Object(None));
                expect_key = true;
            }
            b']' | b'}' => {
                frames.pop();
                expect_key = false;
            }
            b',' => match frames.last_mut() {
                Some(Frame::Array(index)) => *index += 1,
                Some(Frame::Object(_)) => expect_key = true,
                None => {}
            },
            _ => {}
        }
        at += 1;
    }
    let mut path = String::new();
    for frame in &frames {
        match frame {
            Frame::Array(index) => {
                path.push('[');
                path.push_str(&index.to_string());
                path.push(']');
            }
            Frame::Object(Some(key)) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&crate::wire::error::cut(key));
            }
            Frame::Object(None) => break,
        }
    }
    if path.is_empty() {
        ".".to_owned()
    } else {
        path
    }
}

/// A step from a container to one of its values.
enum Segment<'a> {
    Index(usize),
    Key(&'a str),
}

/// What [`check_value_depth`] found, with the path of the value.
pub(crate) enum ValueProblem {
    TooDeep(String),
    TooMany(String),
}

/// The first value nested deeper than `max_depth`, or the first past `max_values`, found
/// without recursion; else the length of `value` as compact JSON, escapes not counted (a
/// lower bound of the length of any JSON text that reads as it): what a read of the `Value`
/// is charged model memory against, as a read of bytes is against their length.
pub(crate) fn check_value_depth(
    value: &Value,
    max_depth: usize,
    max_values: usize,
) -> Result<usize, ValueProblem> {
    // Depth-first, in document order: (value, number of containers around it, the step
    // from its parent). `trail` holds the steps from the root to the value being visited.
    let mut stack: Vec<(&Value, usize, Option<Segment<'_>>)> = vec![(value, 0, None)];
    let mut trail: Vec<Segment<'_>> = Vec::new();
    let mut count = 0usize;
    let mut json_len = 0usize;
    while let Some((value, level, segment)) = stack.pop() {
        trail.truncate(level.saturating_sub(1));
        trail.extend(segment);
        count += 1;
        json_len = json_len.saturating_add(own_json_len(value));
        let too_many = count > max_values;
        let too_deep = matches!(value, Value::Array(_) | Value::Object(_)) && level + 1 > max_depth;
        if too_many || too_deep {
            let mut path = String::new();
            for segment in &trail {
                match segment {
                    Segment::Index(index) => {
                        path.push('[');
                        path.push_str(&index.to_string());
                        path.push(']');
                    }
                    Segment::Key(key) => {
                        if !path.is_empty() {
                            path.push('.');
                        }
                        path.push_str(&crate::wire::error::cut(key));
                    }
                }
            }
            if path.is_empty() {
                ".".clone_into(&mut path);
            }
            return Err(if too_deep {
                ValueProblem::TooDeep(path)
            } else {
                ValueProblem::TooMany(path)
            });
        }
        // Children go on the stack last-first, so the first child is visited first.
        match value {
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate().rev() {
                    stack.push((item, level + 1, Some(Segment::Index(index))));
                }
            }
            Value::Object(map) => {
                let members: Vec<_> = map.iter().collect();
                for (key, item) in members.into_iter().rev() {
                    stack.push((item, level + 1, Some(Segment::Key(key))));
                }
            }
            _ => {}
        }
    }
    Ok(json_len)
}

/// The length a value adds to its compact JSON text apart from its elements or members'
/// values: a scalar's spelling (a string's escapes not counted), the brackets and commas of
/// an array, and the braces, commas, quoted names and colons of an object.
fn own_json_len(value: &Value) -> usize {
    /// Counts what is written to it.
    struct Count(usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    match value {
        Value::Null | Value::Bool(true) => 4,
        Value::Bool(false) => 5,
        Value::Number(number) => {
            let mut count = Count(0);
            let _ = std::fmt::Write::write_fmt(&mut count, format_args!("{number}"));
            count.0
        }
        Value::String(text) => text.len() + 2,
        Value::Array(items) => 2 + items.len().saturating_sub(1),
        Value::Object(map) => {
            let names: usize = map.keys().map(|key| key.len() + 3).sum();
            2 + map.len().saturating_sub(1) + names
        }
    }
}

/// Drops a value of any depth without recursion (`serde_json`'s `Value` drops recursively,
/// which overflows the stack on a very deep value).
pub(crate) fn drop_iteratively(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

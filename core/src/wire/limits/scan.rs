//! The one pass over a document's bytes before it is parsed: the first container nested
//! too deep, the first object with a key twice, the first value past the count
//! ([`scan`], [`scan_counting`]), and the JSON path of an offset ([`path_at`]) for the error.
//!
//! Apart from the limits themselves because it is a tokenizer of its own, tuned to run
//! before every read (no allocation for a usual document, `memchr` over strings).

use std::borrow::Cow;

/// What one pass over the bytes found.
pub enum Finding {
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
pub fn scan(bytes: &[u8], max_depth: usize, max_values: usize) -> Finding {
    scan_counting(bytes, max_depth, max_values).0
}

/// [`scan`], and the number of JSON values it counted (all of them when it finds nothing).
/// The one-pass reader ([`guard`](crate::wire::guard)) checks the raw slices of a document
/// with it, with the depth and values left.
// One loop over the bytes is the point (this runs before every read): not split up.
#[allow(clippy::too_many_lines)]
pub fn scan_counting(bytes: &[u8], max_depth: usize, max_values: usize) -> (Finding, usize) {
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
pub fn path_at(bytes: &[u8], target: usize) -> String {
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

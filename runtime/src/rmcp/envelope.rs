//! What the HTTP front reads of a POST body before rmcp does: the method, the id and the
//! params it must check ([`Facts`]), borrowed from the body.
//!
//! [`quick`] reads a usual body in one pass and proves, in the same pass, what the front's
//! three checks would find nothing in: JSON text, UTF-8 without a byte order mark or a
//! surrogate escape, no key twice in one object, the envelope of the right shape. Any body
//! it is not sure of (an escaped key, a number directly in `params`, deep nesting, many keys,
//! any fault) is left to [`Envelope`] and the checks themselves, so every refusal is written
//! by the same code as before.

use std::borrow::Cow;
use std::fmt;

use serde_json::value::RawValue;

/// The facts of a body the front checks: its method (`None` when absent or `null`), its id
/// as JSON text (`None` when absent or `null`) and its params (`None` when absent or
/// `null`).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Facts<'a> {
    pub(super) method: Option<Cow<'a, str>>,
    pub(super) id: Option<&'a str>,
    pub(super) params: Option<Params>,
}

/// The serde reading of a body, for any body [`quick`] leaves: every other member (the
/// arguments, `_meta`) is skipped, not built into a `serde_json::Value`.
#[derive(serde::Deserialize)]
pub(super) struct Envelope<'a> {
    #[serde(borrow, default)]
    method: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(default)]
    params: Option<Params>,
}

impl<'a> From<Envelope<'a>> for Facts<'a> {
    fn from(envelope: Envelope<'a>) -> Self {
        Self {
            method: envelope.method,
            id: envelope.id.map(RawValue::get),
            params: envelope.params,
        }
    }
}

/// The params a method cannot do without, each only as far as its JSON type, and the
/// first member that is `null` (the one `null` rule: rmcp's types would read it as absent).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Params {
    pub(super) name: Option<Kind>,
    pub(super) uri: Option<Kind>,
    pub(super) reference: Option<Kind>,
    pub(super) argument: Option<Kind>,
    pub(super) null_member: Option<String>,
}

impl Params {
    /// Notes the member `key` of type `kind`.
    fn member(&mut self, key: &str, kind: Kind) {
        if kind == Kind::Null && self.null_member.is_none() {
            self.null_member = Some(key.to_owned());
        }
        match key {
            "name" => self.name = Some(kind),
            "uri" => self.uri = Some(kind),
            "ref" => self.reference = Some(kind),
            "argument" => self.argument = Some(kind),
            _ => {}
        }
    }
}

impl<'de> serde::Deserialize<'de> for Params {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ParamsVisitor;
        impl<'de> serde::de::Visitor<'de> for ParamsVisitor {
            type Value = Params;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Params, A::Error> {
                let mut params = Params::default();
                while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                    let kind: Kind = map.next_value()?;
                    params.member(&key, kind);
                }
                Ok(params)
            }
        }
        deserializer.deserialize_map(ParamsVisitor)
    }
}

/// A JSON value's type, read without keeping the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    String,
    Object,
    Null,
    Other,
}

impl<'de> serde::Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KindVisitor;
        impl<'de> serde::de::Visitor<'de> for KindVisitor {
            type Value = Kind;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_str<E>(self, _: &str) -> Result<Kind, E> {
                Ok(Kind::String)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Kind, A::Error> {
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(Kind::Object)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Kind, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Kind::Other)
            }
            fn visit_bool<E>(self, _: bool) -> Result<Kind, E> {
                Ok(Kind::Other)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Kind, E> {
                Ok(Kind::Other)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Kind, E> {
                Ok(Kind::Other)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Kind, E> {
                Ok(Kind::Other)
            }
            fn visit_unit<E>(self) -> Result<Kind, E> {
                Ok(Kind::Null)
            }
        }
        deserializer.deserialize_any(KindVisitor)
    }
}

/// The deepest nesting [`quick`] follows (the parsers behind allow 128).
const MAX_DEPTH: usize = 32;

/// The most keys of open objects [`quick`] holds for its duplicate check.
const MAX_KEYS: usize = 48;

/// Which object is being read: the envelope, its `params`, or any other.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Envelope,
    Params,
    Inner,
}

/// The facts of a usual body, read in one pass that also proves the front's checks would
/// find nothing: the body is one JSON object, valid UTF-8 with no byte order mark, no
/// surrogate escape and no key twice in one object, whose `method` is a string or `null` and
/// whose `params` is an object or `null`. `None` for any other body, or one it is not sure
/// of: the serde reading and the checks judge it.
pub(super) fn quick(bytes: &[u8]) -> Option<Facts<'_>> {
    let text = std::str::from_utf8(bytes).ok()?;
    let mut reader = Quick {
        bytes,
        text,
        at: 0,
        keys: [(0, 0); MAX_KEYS],
        key_count: 0,
        facts: Facts {
            method: None,
            id: None,
            params: None,
        },
    };
    reader.whitespace();
    if reader.peek()? != b'{' {
        return None;
    }
    reader.object(1, Role::Envelope)?;
    reader.whitespace();
    (reader.at == bytes.len()).then_some(reader.facts)
}

/// The one pass of [`quick`]: a strict JSON reader (RFC 8259, as `serde_json` reads it),
/// bounded in depth and keys, that gives up (`None`) on anything it does not follow.
struct Quick<'a> {
    bytes: &'a [u8],
    /// The same bytes, known to be UTF-8.
    text: &'a str,
    at: usize,
    /// The keys of the open objects (the offsets of their text), innermost last.
    keys: [(usize, usize); MAX_KEYS],
    key_count: usize,
    facts: Facts<'a>,
}

impl<'a> Quick<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.at += 1;
        }
    }

    /// The value at the cursor, and its type.
    fn value(&mut self, depth: usize) -> Option<Kind> {
        match self.peek()? {
            b'{' => self.object(depth + 1, Role::Inner).map(|()| Kind::Object),
            b'[' => self.array(depth + 1).map(|()| Kind::Other),
            b'"' => self.string().map(|_| Kind::String),
            b't' => self.literal(b"true", Kind::Other),
            b'f' => self.literal(b"false", Kind::Other),
            b'n' => self.literal(b"null", Kind::Null),
            b'-' | b'0'..=b'9' => self.number().map(|()| Kind::Other),
            _ => None,
        }
    }

    fn literal(&mut self, word: &[u8], kind: Kind) -> Option<Kind> {
        let end = self.at + word.len();
        (self.bytes.get(self.at..end)? == word).then(|| {
            self.at = end;
            kind
        })
    }

    /// A number of JSON's grammar (a leading zero alone, digits after `.` and `e`).
    fn number(&mut self) -> Option<()> {
        let digits = |from: usize| {
            self.bytes.get(from..).map_or(0, |rest| {
                rest.iter().take_while(|b| b.is_ascii_digit()).count()
            })
        };
        let mut at = self.at + usize::from(self.peek()? == b'-');
        match self.bytes.get(at)? {
            b'0' => at += 1,
            b'1'..=b'9' => at += 1 + digits(at + 1),
            _ => return None,
        }
        if self.bytes.get(at) == Some(&b'.') {
            let fraction = digits(at + 1);
            if fraction == 0 {
                return None;
            }
            at += 1 + fraction;
        }
        if matches!(self.bytes.get(at), Some(b'e' | b'E')) {
            at += 1 + usize::from(matches!(self.bytes.get(at + 1), Some(b'+' | b'-')));
            let exponent = digits(at);
            if exponent == 0 {
                return None;
            }
            at += exponent;
        }
        self.at = at;
        Some(())
    }

    /// The string at the cursor; whether it has escapes. `None` for a control character,
    /// an escape JSON has not, or a surrogate escape (whole pairs too: the checks judge).
    fn string(&mut self) -> Option<bool> {
        let bytes = self.bytes;
        let mut at = self.at + 1;
        let mut escaped = false;
        loop {
            at = string_stop(bytes, at)?;
            match bytes.get(at)? {
                b'"' => {
                    self.at = at + 1;
                    return Some(escaped);
                }
                b'\\' => {
                    escaped = true;
                    match bytes.get(at + 1)? {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => at += 2,
                        b'u' => {
                            let mut code = 0;
                            for &digit in bytes.get(at + 2..at + 6)? {
                                code = code * 16 + char::from(digit).to_digit(16)?;
                            }
                            if (0xD800..=0xDFFF).contains(&code) {
                                return None;
                            }
                            at += 6;
                        }
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
    }

    /// The string at the cursor, when it has no escapes.
    fn plain_string(&mut self) -> Option<&'a str> {
        let start = self.at + 1;
        if self.string()? {
            return None;
        }
        self.text.get(start..self.at - 1)
    }

    fn array(&mut self, depth: usize) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.at += 1;
        self.whitespace();
        if self.peek()? == b']' {
            self.at += 1;
            return Some(());
        }
        loop {
            self.value(depth)?;
            self.whitespace();
            match self.peek()? {
                b',' => {
                    self.at += 1;
                    self.whitespace();
                }
                b']' => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// The object at the cursor, refusing a key twice (keys with escapes are not followed).
    fn object(&mut self, depth: usize, role: Role) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        let first_key = self.key_count;
        self.at += 1;
        self.whitespace();
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(());
        }
        loop {
            if self.peek()? != b'"' {
                return None;
            }
            let start = self.at + 1;
            let key = self.plain_string()?;
            let seen = self.keys.get(first_key..self.key_count)?;
            if seen
                .iter()
                .any(|&(from, to)| self.bytes.get(from..to) == Some(key.as_bytes()))
            {
                return None;
            }
            *self.keys.get_mut(self.key_count)? = (start, start + key.len());
            self.key_count += 1;
            self.whitespace();
            if self.peek()? != b':' {
                return None;
            }
            self.at += 1;
            self.whitespace();
            self.member(depth, role, key)?;
            self.whitespace();
            match self.peek()? {
                b',' => {
                    self.at += 1;
                    self.whitespace();
                }
                b'}' => {
                    self.at += 1;
                    self.key_count = first_key;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// The value of the member `key` of an object with this role, noted in the facts.
    fn member(&mut self, depth: usize, role: Role, key: &str) -> Option<()> {
        match (role, key) {
            (Role::Envelope, "method") => {
                self.facts.method = if self.peek()? == b'"' {
                    Some(Cow::Borrowed(self.plain_string()?))
                } else {
                    self.literal(b"null", Kind::Null)?;
                    None
                };
            }
            (Role::Envelope, "id") => {
                let start = self.at;
                if self.value(depth)? != Kind::Null {
                    self.facts.id = Some(self.text.get(start..self.at)?);
                }
            }
            (Role::Envelope, "params") => {
                if self.peek()? == b'{' {
                    self.facts.params = Some(Params::default());
                    self.object(depth + 1, Role::Params)?;
                } else {
                    self.literal(b"null", Kind::Null)?;
                    self.facts.params = None;
                }
            }
            // A number here is read as one by the serde reading (which may find it out of
            // range): that reading judges it.
            (Role::Params, _) if matches!(self.peek()?, b'-' | b'0'..=b'9') => return None,
            (Role::Params, _) => {
                let kind = self.value(depth)?;
                self.facts.params.as_mut()?.member(key, kind);
            }
            _ => {
                self.value(depth)?;
            }
        }
        Some(())
    }
}

/// The offset of the first `"`, `\\` or control character at or after `at`: eight bytes at
/// a time, then the last few byte by byte.
fn string_stop(bytes: &[u8], mut at: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `word` below `limit` (`word ^ byte` below 1: that byte).
    // A borrow can mark a byte above a marked one, never below: the lowest mark is exact.
    let below = |word: u64, limit: u8| word.wrapping_sub(ONES * u64::from(limit)) & !word & HIGH;
    while let Some(word) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(<[u8; 8]>::try_from(word).ok()?);
        let marks = below(word ^ (ONES * u64::from(b'"')), 1)
            | below(word ^ (ONES * u64::from(b'\\')), 1)
            | below(word, 0x20);
        if marks != 0 {
            return Some(at + marks.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    let rest = bytes.get(at..)?;
    rest.iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .map(|i| at + i)
}

#[cfg(test)]
#[path = "envelope_tests.rs"]
mod tests;

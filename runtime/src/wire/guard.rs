//! The limits of [`ReadLimits`](crate::ReadLimits) checked while a document is parsed, not
//! in a pass over the bytes before it: a `Deserializer` wrapper that counts depth and JSON
//! values and refuses a key twice in an object, as `serde_json` hands values to the model.
//!
//! It only answers "within the limits, or not": any fault (a limit, a duplicate key, a
//! shape it does not follow, a parse error) makes the read fall back to the checked path of
//! [`read_json_with`](crate::read_json_with) (pre-pass, parse, path tracking), which finds
//! and names the fault exactly as before. So the errors cannot drift; this module must only
//! never pass a document that the pre-pass refuses. A document within the limits, the
//! common case, is parsed once.
//!
//! What `serde_json` reads without showing it to a visitor (a [`RawValue`], which the model
//! keeps `_meta`, structured content and unknown members as, and ignored values) is checked
//! by [`scan`](crate::wire::limits::scan) over that slice, with the depth and values left.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};
use serde_json::value::RawValue;

use crate::wire::limits::{Finding, scan_counting};

/// The name under which `serde_json` hands out a [`RawValue`] (its `raw_value` feature).
/// Should it change, raw values would fail here and every read take the checked path:
/// slower, never wrong (`tests::raw_values_take_the_one_pass` watches for it).
pub(crate) const RAW_TOKEN: &str = "$serde_json::private::RawValue";

/// The name under which a string the model keeps whole (a text block's `text`) asks to be
/// read as bytes on the one pass ([`Guard`] checks them); every other deserializer hands
/// the reader itself, and it reads a `String` as before.
pub(crate) const TEXT_TOKEN: &str = "$mcp_content::private::Text";

/// The length up to which `Budget::raw` looks for a backslash without `memchr`.
const SHORT_RAW: usize = 24;

/// Depth and values so far, against their limits.
pub(crate) struct Budget<'t> {
    max_depth: usize,
    max_values: usize,
    depth: Cell<usize>,
    values: Cell<usize>,
    /// The whole document (valid UTF-8), and whether one of its strings holds a raw control
    /// character (found once, when a text's escapes leave the question open).
    document: &'t str,
    raw_control: Cell<Option<bool>>,
}

/// The error of a fault found here; its text is never shown (the checked path names it).
fn over<E: de::Error>() -> E {
    E::custom("over a read limit")
}

impl<'t> Budget<'t> {
    pub(crate) fn new(max_depth: usize, max_values: usize, document: &'t str) -> Self {
        Self {
            max_depth,
            max_values,
            depth: Cell::new(0),
            values: Cell::new(0),
            document,
            raw_control: Cell::new(None),
        }
    }

    /// Whether a string of the document holds a raw control character (U+0000-U+001F),
    /// which JSON text must escape.
    fn raw_control_in_strings(&self) -> bool {
        if let Some(found) = self.raw_control.get() {
            return found;
        }
        let found = raw_control_in_strings(self.document.as_bytes());
        self.raw_control.set(Some(found));
        found
    }

    /// One more JSON value.
    fn value<E: de::Error>(&self) -> Result<(), E> {
        let values = self.values.get() + 1;
        self.values.set(values);
        if values > self.max_values {
            return Err(over());
        }
        Ok(())
    }

    /// Into an array or object (or an enum, counted as one either way: a fault only sends
    /// the read to the checked path).
    fn enter<E: de::Error>(&self) -> Result<(), E> {
        let depth = self.depth.get() + 1;
        if depth > self.max_depth {
            return Err(over());
        }
        self.depth.set(depth);
        Ok(())
    }

    fn leave(&self) {
        self.depth.set(self.depth.get().saturating_sub(1));
    }

    /// A value `serde_json` read as raw text (already counted as one value): its depth,
    /// values and keys, checked in a pass over the slice.
    fn raw<E: de::Error>(&self, text: &str) -> Result<(), E> {
        let bytes = text.as_bytes();
        // `serde_json` checks the escapes of a string it decodes, not of one it keeps.
        // A short slice (the block `type`, most often) is searched inline: `memchr`'s call
        // and set-up cost more than the few bytes.
        let escaped = if bytes.len() <= SHORT_RAW {
            bytes.contains(&b'\\')
        } else {
            memchr::memchr(b'\\', bytes).is_some()
        };
        if escaped && lone_surrogate(bytes).is_some() {
            return Err(over());
        }
        // A scalar (the block `type` the model keeps as text, most often) is the one value
        // already counted.
        if !matches!(
            bytes.iter().find(|b| !b.is_ascii_whitespace()),
            Some(b'{' | b'[')
        ) {
            return Ok(());
        }
        let counted = self.values.get().saturating_sub(1);
        let depth_left = self.max_depth.saturating_sub(self.depth.get());
        let values_left = self.max_values.saturating_sub(counted);
        match scan_counting(bytes, depth_left, values_left) {
            (Finding::Clean, values) => {
                self.values.set(counted + values);
                Ok(())
            }
            _ => Err(over()),
        }
    }

    /// A root value read through `Guard`, counted.
    pub(crate) fn root<'de, 'b, D: Deserializer<'de>>(
        &'b self,
        de: D,
    ) -> Result<Guard<'b, D>, D::Error> {
        self.value::<D::Error>()?;
        Ok(Guard { de, budget: self })
    }
}

/// A deserializer whose value has been counted; it counts what is inside.
pub(crate) struct Guard<'b, D> {
    de: D,
    budget: &'b Budget<'b>,
}

impl<'b, D> Guard<'b, D> {
    /// The deserializer, and `visitor` wrapped to guard what it is handed.
    fn split<V>(self, visitor: V) -> (D, GuardVisitor<'b, V>) {
        let budget = self.budget;
        (self.de, GuardVisitor { visitor, budget })
    }
}

/// Wraps a visitor so that what it is handed is guarded.
struct GuardVisitor<'b, V> {
    visitor: V,
    budget: &'b Budget<'b>,
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Guard<'_, D> {
    type Error = D::Error;

    forward_wrapped!();

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        if name == RAW_TOKEN {
            // Read the slice, check it, and hand it to the visitor the way `serde_json` does.
            let raw = <&'de RawValue>::deserialize(self.de)?;
            self.budget.raw(raw.get())?;
            return visitor.visit_map(RawMap(Some(raw.get()), std::marker::PhantomData));
        }
        if name == TEXT_TOKEN {
            // As bytes, `serde_json` finds the end of the string with `memchr` instead of
            // its word-at-a-time loop that also looks for control characters: the text is
            // by far the longest string of a usual result. `TextBytes` checks what that
            // loop would have.
            let budget = self.budget;
            return self.de.deserialize_bytes(TextBytes { visitor, budget });
        }
        let budget = self.budget;
        self.de
            .deserialize_newtype_struct(name, GuardVisitor { visitor, budget })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        // `serde_json` skips an ignored value without a visitor: read it as a slice to check
        // it, then tell the visitor what `serde_json` tells it.
        let raw = <&'de RawValue>::deserialize(self.de)?;
        self.budget.raw(raw.get())?;
        visitor.visit_unit()
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for GuardVisitor<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    forward_visit!();

    // A string read as bytes is not checked for UTF-8 or lone surrogates by `serde_json`:
    // rare in JSON, so left to the checked path.
    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<V::Value, E> {
        Err(over())
    }

    fn visit_borrowed_bytes<E: de::Error>(self, _: &'de [u8]) -> Result<V::Value, E> {
        Err(over())
    }

    fn visit_byte_buf<E: de::Error>(self, _: Vec<u8>) -> Result<V::Value, E> {
        Err(over())
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_unit()
    }

    // The same value, already counted.
    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        let budget = self.budget;
        self.visitor.visit_some(Guard { de, budget })
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        let budget = self.budget;
        self.visitor.visit_newtype_struct(Guard { de, budget })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        let budget = self.budget;
        budget.enter()?;
        let value = self.visitor.visit_seq(GuardSeq { seq, budget })?;
        budget.leave();
        Ok(value)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let budget = self.budget;
        budget.enter()?;
        let value = self.visitor.visit_map(GuardMap {
            map,
            budget,
            keys: Keys::default(),
        })?;
        budget.leave();
        Ok(value)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        let budget = self.budget;
        budget.enter()?;
        let value = self.visitor.visit_enum(GuardEnum { data, budget })?;
        budget.leave();
        Ok(value)
    }
}

/// A string read as bytes for [`TEXT_TOKEN`], handed on as a string once it holds what
/// `serde_json` allows in a string it decodes: no raw control character, valid UTF-8 (so
/// no lone surrogate escape, which it decodes to invalid UTF-8 here). Anything else, a
/// value that is not a string included, fails, and the checked path reads it as a `String`.
struct TextBytes<'b, V> {
    visitor: V,
    budget: &'b Budget<'b>,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for TextBytes<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    // No escapes: the bytes are the string's text as it stands in the document, whose
    // UTF-8 is checked already (taken from it by position, not checked again).
    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<V::Value, E> {
        if has_control(v) {
            return Err(over());
        }
        let document = self.budget.document;
        let start = v.as_ptr().addr().wrapping_sub(document.as_ptr().addr());
        match document.get(start..start.saturating_add(v.len())) {
            // The same bytes, not a copy (`serde_json` borrows them from the document).
            Some(text) if std::ptr::eq(text.as_ptr(), v.as_ptr()) => self.visitor.visit_str(text),
            _ => self
                .visitor
                .visit_str(std::str::from_utf8(v).map_err(|_| over())?),
        }
    }

    // Escapes, decoded: a control character may have been escaped (`\n`), which is
    // allowed, or raw, which is not; the document says which when there is one.
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<V::Value, E> {
        if has_control(v) && self.budget.raw_control_in_strings() {
            return Err(over());
        }
        let text = std::str::from_utf8(v).map_err(|_| over())?;
        self.visitor.visit_str(text)
    }
}

/// Whether `bytes` hold a control character (below 0x20).
fn has_control(bytes: &[u8]) -> bool {
    // The least byte, with no early exit: the compiler makes it a vector minimum.
    bytes.iter().fold(u8::MAX, |least, &b| least.min(b)) < 0x20
}

/// Whether a string of the JSON text `document` holds a raw control character.
pub(crate) fn raw_control_in_strings(document: &[u8]) -> bool {
    let mut in_string = false;
    let mut escaped = false;
    for &b in document {
        if !in_string {
            in_string = b == b'"';
        } else if escaped {
            escaped = false;
        } else if b == b'\\' {
            escaped = true;
        } else if b == b'"' {
            in_string = false;
        } else if b < 0x20 {
            return true;
        }
    }
    false
}

/// A seed whose value is one more JSON value (an element, a member's value).
struct Counted<'b, S> {
    seed: S,
    budget: &'b Budget<'b>,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Counted<'_, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        let guard = self.budget.root(de)?;
        self.seed.deserialize(guard)
    }
}

struct GuardSeq<'b, A> {
    seq: A,
    budget: &'b Budget<'b>,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for GuardSeq<'_, A> {
    type Error = A::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        let budget = self.budget;
        self.seq.next_element_seed(Counted { seed, budget })
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

struct GuardMap<'b, 'de, A> {
    map: A,
    budget: &'b Budget<'b>,
    keys: Keys<'de>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for GuardMap<'_, 'de, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.map.next_key_seed(KeySeed {
            seed,
            keys: &mut self.keys,
        })
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        let budget = self.budget;
        self.map.next_value_seed(Counted { seed, budget })
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

struct GuardEnum<'b, A> {
    data: A,
    budget: &'b Budget<'b>,
}

impl<'de, 'b, A: EnumAccess<'de>> EnumAccess<'de> for GuardEnum<'b, A> {
    type Error = A::Error;
    type Variant = GuardVariant<'b, A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        // The variant's name is the only key of its object (`serde_json` refuses another).
        let (value, variant) = self.data.variant_seed(seed)?;
        let budget = self.budget;
        Ok((value, GuardVariant { variant, budget }))
    }
}

struct GuardVariant<'b, A> {
    variant: A,
    budget: &'b Budget<'b>,
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for GuardVariant<'_, A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.variant.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        let budget = self.budget;
        self.variant.newtype_variant_seed(Counted { seed, budget })
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        let budget = self.budget;
        budget.value()?;
        self.variant
            .tuple_variant(len, GuardVisitor { visitor, budget })
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let budget = self.budget;
        budget.value()?;
        self.variant
            .struct_variant(fields, GuardVisitor { visitor, budget })
    }
}

/// The raw value handed back to `RawValue`'s visitor: one member, `serde_json`'s token
/// and the text.
struct RawMap<'de, E>(Option<&'de str>, std::marker::PhantomData<E>);

impl<'de, E: de::Error> MapAccess<'de> for RawMap<'de, E> {
    type Error = E;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, E> {
        if self.0.is_none() {
            return Ok(None);
        }
        seed.deserialize(BorrowedStrDeserializer::new(RAW_TOKEN))
            .map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, E> {
        let text = self
            .0
            .take()
            .ok_or_else(|| E::custom("raw value read twice"))?;
        seed.deserialize(BorrowedStrDeserializer::new(text))
    }
}

// ---------------------------------------------------------------------------------------
// Keys: each object's keys, to refuse one twice (after unescaping, as the pre-pass does).

/// Keys kept inline; most objects of a tool result have fewer.
const INLINE_KEYS: usize = 8;
/// Past this many keys the one pass gives an object up to the checked path. A set of every
/// key of a large object would cost more memory per key than a tiny member takes in the
/// input (`"a":1,` is 6 bytes, a set entry 30 or more), which would break the bound of
/// `ReadLimits` (8 × the document); the checked path's pre-pass keeps 16 bytes per key.
const LINEAR_KEYS: usize = 32;

/// The keys of one object so far: borrowed from the input when they have no escapes.
struct Keys<'de> {
    inline: [&'de str; INLINE_KEYS],
    inline_len: usize,
    rest: Vec<Cow<'de, str>>,
}

impl Default for Keys<'_> {
    fn default() -> Self {
        Self {
            inline: [""; INLINE_KEYS],
            inline_len: 0,
            rest: Vec::new(),
        }
    }
}

impl<'de> Keys<'de> {
    /// Adds `key`; `false` if the object already has it, or has more keys than the one
    /// pass checks (either way the read goes to the checked path, which names a duplicate).
    #[inline]
    fn insert(&mut self, key: Cow<'de, str>) -> bool {
        // The usual key: no escapes, in an object with room inline (and nothing spilled).
        if let Cow::Borrowed(text) = key
            && self.rest.is_empty()
            && let Some((slot, before)) = self
                .inline
                .get_mut(..=self.inline_len)
                .and_then(<[&str]>::split_last_mut)
        {
            if before.contains(&text) {
                return false;
            }
            *slot = text;
            self.inline_len += 1;
            return true;
        }
        self.insert_slow(key)
    }

    /// `insert` for a key with escapes, or past the inline room.
    fn insert_slow(&mut self, key: Cow<'de, str>) -> bool {
        let text = key.as_ref();
        let inline = self.inline.get(..self.inline_len).unwrap_or_default();
        if inline.contains(&text) || self.rest.iter().any(|k| k.as_ref() == text) {
            return false;
        }
        if self.inline_len + self.rest.len() >= LINEAR_KEYS {
            return false;
        }
        match key {
            Cow::Borrowed(text) if self.inline_len < INLINE_KEYS => {
                if let Some(slot) = self.inline.get_mut(self.inline_len) {
                    *slot = text;
                    self.inline_len += 1;
                }
            }
            key => self.rest.push(key),
        }
        true
    }
}

/// The seed of a key: its deserializer reports the key's text to `keys`.
struct KeySeed<'k, 'de, S> {
    seed: S,
    keys: &'k mut Keys<'de>,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for KeySeed<'_, 'de, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.seed.deserialize(KeyGuard {
            de,
            keys: self.keys,
        })
    }
}

struct KeyGuard<'k, 'de, D> {
    de: D,
    keys: &'k mut Keys<'de>,
}

struct KeyVisitor<'k, 'de, V> {
    visitor: V,
    keys: &'k mut Keys<'de>,
}

impl<'k, 'de, D> KeyGuard<'k, 'de, D> {
    /// The deserializer, and `visitor` wrapped to report the key's text.
    fn split<V>(self, visitor: V) -> (D, KeyVisitor<'k, 'de, V>) {
        let keys = self.keys;
        (self.de, KeyVisitor { visitor, keys })
    }
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for KeyGuard<'_, 'de, D> {
    type Error = D::Error;

    forward_wrapped!(and_raw);
}

/// A key read as anything but a string (a number for a `HashMap<u32, _>`, a newtype…):
/// its text is not seen here, so the read takes the checked path.
macro_rules! unseen_key {
    ($($method:ident: $ty:ty)*) => {$(
        fn $method<E: de::Error>(self, _: $ty) -> Result<V::Value, E> {
            Err(over())
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for KeyVisitor<'_, 'de, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        if !self.keys.insert(Cow::Borrowed(v)) {
            return Err(over());
        }
        self.visitor.visit_borrowed_str(v)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        if !self.keys.insert(Cow::Owned(v.to_owned())) {
            return Err(over());
        }
        self.visitor.visit_str(v)
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<V::Value, E> {
        if !self.keys.insert(Cow::Owned(v.clone())) {
            return Err(over());
        }
        self.visitor.visit_string(v)
    }

    unseen_key! {
        visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32 visit_i64: i64
        visit_i128: i128 visit_u8: u8 visit_u16: u16 visit_u32: u32 visit_u64: u64
        visit_u128: u128 visit_f32: f32 visit_f64: f64 visit_char: char
        visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        Err(over())
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        Err(over())
    }

    fn visit_some<D: Deserializer<'de>>(self, _: D) -> Result<V::Value, D::Error> {
        Err(over())
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, _: D) -> Result<V::Value, D::Error> {
        Err(over())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<V::Value, A::Error> {
        Err(over())
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<V::Value, A::Error> {
        Err(over())
    }

    fn visit_enum<A: EnumAccess<'de>>(self, _: A) -> Result<V::Value, A::Error> {
        Err(over())
    }
}

/// The offset and text of the first `\\uD800`-`\\uDFFF` escape that is not half of a pair.
pub(crate) fn lone_surrogate(bytes: &[u8]) -> Option<(usize, String)> {
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(bytes.get(from..)?, b"\\u") {
        let at = from + i;
        // An escaped backslash followed by `u` is not an escape: count the backslashes.
        let run = bytes[..at]
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        from = at + 2;
        if run % 2 == 1 {
            continue;
        }
        let Some(code) = hex4(bytes.get(at + 2..at + 6)?) else {
            continue;
        };
        let escape = || String::from_utf8_lossy(&bytes[at..at + 6]).into_owned();
        match code {
            0xD800..=0xDBFF => {
                let low = bytes
                    .get(at + 6..at + 8)
                    .filter(|p| *p == b"\\u")
                    .and_then(|_| hex4(bytes.get(at + 8..at + 12)?));
                if matches!(low, Some(0xDC00..=0xDFFF)) {
                    from = at + 12;
                } else {
                    return Some((at, escape()));
                }
            }
            0xDC00..=0xDFFF => return Some((at, escape())),
            _ => from = at + 6,
        }
    }
    None
}

fn hex4(digits: &[u8]) -> Option<u32> {
    let text = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(text, 16).ok()
}

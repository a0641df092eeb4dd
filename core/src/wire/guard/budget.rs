//! [`Budget`], the depth and JSON values a read has left, and [`Guard`], the `Deserializer`
//! wrapper that spends it as `serde_json` hands values over: every visitor, sequence, map
//! and enum access is wrapped so what is inside is counted too, and raw values are checked
//! by the byte scan with what is left.
//!
//! Apart from the key sets and the shared tokens (in the parent) because this is the
//! wrapping itself, one type per serde access trait, which a serde upgrade touches.

use std::cell::Cell;
use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};
use serde_json::value::RawValue;

use super::{KeySeed, Keys, RAW_TOKEN, TEXT_TOKEN, lone_surrogate, over};
use crate::wire::limits::{Finding, scan_counting};

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

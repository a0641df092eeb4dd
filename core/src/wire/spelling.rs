//! Member names as the peer spelled them: a `Deserializer` wrapper ([`Spelled`]) that hands
//! the model the exact text of each key that has escapes (`"\u0041"`, `"a\"b"`), beside the
//! decoded name every other reader sees.
//!
//! Why a wrapper and a side channel: the model reads a key as a string (`visit_str`), which
//! is what `serde_path_to_error` records for an error's path, and what a map key must be.
//! Reading the key as raw text instead (a `RawValue`) would keep its spelling but leave
//! the path of every error below it unnamed. So the wrapper, under any path tracking, reads
//! each key's text, hands the *decoded* name to the key's visitor as usual, and puts the
//! text it came from where the model's key reader ([`MemberKey`](crate::model::json::MemberKey))
//! takes it, for the length of that one `visit_str` call.
//!
//! Where the spelling cannot be had (the one-pass reader of
//! [`read_json_with`](crate::wire::read_json_with), which does not see the key's text), a key with
//! escapes held by the model sends the read to the checked path, which reads through this
//! wrapper. A key without escapes, the common case, costs nothing here: its decoded name is
//! its text.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, EnumAccess, IgnoredAny, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

/// The name under which `serde_json` hands out a `RawValue` (see `guard::RAW_TOKEN`).
const RAW_TOKEN: &str = "$serde_json::private::RawValue";

thread_local! {
    /// The text of the key whose decoded name is being visited (set by [`Spelled`]).
    static SPELLING: Cell<Option<Box<str>>> = const { Cell::new(None) };
    /// Whether the read in progress is the one pass, which cannot see a key's text.
    static ONE_PASS: Cell<bool> = const { Cell::new(false) };
}

/// What a reader of member names learns about a name that had escapes (it was handed
/// decoded, by `visit_str` / `visit_string`).
pub(crate) enum Escaped {
    /// Its exact text, quotes included (`"a\u0062"`).
    Spelled(Box<str>),
    /// Nothing: the input has no spelling (a `serde_json::Value`), or the reader is not one
    /// of this crate's entry points.
    Unknown,
    /// The one-pass read is in progress: it cannot keep the spelling, so it gives the
    /// document to the checked path.
    Refused,
}

/// The spelling of the key being visited, for a name that came decoded.
pub(crate) fn escaped_key() -> Escaped {
    if let Some(text) = SPELLING.with(Cell::take) {
        return Escaped::Spelled(text);
    }
    if ONE_PASS.with(Cell::get) {
        Escaped::Refused
    } else {
        Escaped::Unknown
    }
}

/// Whether the read in progress is the one pass of
/// [`read_json_with`](crate::wire::read_json_with), whose faults all go to the checked path.
pub(crate) fn in_one_pass() -> bool {
    ONE_PASS.with(Cell::get)
}

/// Marks the one-pass read until dropped (the outer state is restored then).
pub(crate) struct OnePassScope(bool);

impl OnePassScope {
    pub(crate) fn enter() -> Self {
        Self(ONE_PASS.with(|cell| cell.replace(true)))
    }
}

impl Drop for OnePassScope {
    fn drop(&mut self) {
        ONE_PASS.with(|cell| cell.set(self.0));
    }
}

/// Holds a key's text for the one visit of its decoded name, then clears it (also on
/// unwinding), so no other key is ever handed a stale spelling.
struct SpellingScope;

impl SpellingScope {
    fn enter(text: &str) -> Self {
        SPELLING.with(|cell| cell.set(Some(text.into())));
        Self
    }
}

impl Drop for SpellingScope {
    fn drop(&mut self) {
        SPELLING.with(|cell| cell.set(None));
    }
}

/// Reads one value of `de` as `T`, keeping the spelling of the member names the model
/// holds. For a JSON text: `de` is a `serde_json::Deserializer` over a slice or a `str`.
pub(crate) fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    de: D,
) -> Result<T, D::Error> {
    T::deserialize(Spelled { de })
}

/// A deserializer that hands the model each key's spelling (see the module's docs).
pub(crate) struct Spelled<D> {
    pub(crate) de: D,
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Spelled<D> {
    type Error = D::Error;

    forward_wrapped!();

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        if name == RAW_TOKEN {
            // Text kept whole, names included: nothing inside it to spell.
            return self.de.deserialize_newtype_struct(name, visitor);
        }
        self.de
            .deserialize_newtype_struct(name, SpelledVisitor { visitor })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.de.deserialize_ignored_any(visitor)
    }
}

struct SpelledVisitor<V> {
    visitor: V,
}

impl<D> Spelled<D> {
    /// The deserializer, and `visitor` wrapped to spell what it is handed.
    fn split<V>(self, visitor: V) -> (D, SpelledVisitor<V>) {
        (self.de, SpelledVisitor { visitor })
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for SpelledVisitor<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    forward_visit!(and_bytes);

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        self.visitor.visit_some(Spelled { de })
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        self.visitor.visit_newtype_struct(Spelled { de })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_seq(SpelledSeq { seq })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(SpelledMap { map })
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_enum(SpelledEnum { data })
    }
}

/// A seed whose value is read through [`Spelled`].
struct SpelledSeed<S> {
    seed: S,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for SpelledSeed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.seed.deserialize(Spelled { de })
    }
}

struct SpelledSeq<A> {
    seq: A,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for SpelledSeq<A> {
    type Error = A::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        self.seq.next_element_seed(SpelledSeed { seed })
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

struct SpelledMap<A> {
    map: A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for SpelledMap<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.map.next_key_seed(KeySeed { seed })
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.map.next_value_seed(SpelledSeed { seed })
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

struct SpelledEnum<A> {
    data: A,
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for SpelledEnum<A> {
    type Error = A::Error;
    type Variant = SpelledVariant<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let (value, variant) = self.data.variant_seed(seed)?;
        Ok((value, SpelledVariant { variant }))
    }
}

struct SpelledVariant<A> {
    variant: A,
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for SpelledVariant<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.variant.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        self.variant.newtype_variant_seed(SpelledSeed { seed })
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.variant.tuple_variant(len, SpelledVisitor { visitor })
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.variant
            .struct_variant(fields, SpelledVisitor { visitor })
    }
}

// ---------------------------------------------------------------------------------------
// Keys

/// The seed of a key: its deserializer reads the key's text.
struct KeySeed<S> {
    seed: S,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for KeySeed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.seed.deserialize(KeyDeserializer { de })
    }
}

/// A key: read as its text when it is read as a string (the text is a JSON string: keys
/// are), handed over decoded; anything else (a number for a `HashMap<u32, _>`) as
/// `serde_json` reads it.
struct KeyDeserializer<D> {
    de: D,
}

impl<'de, D: Deserializer<'de>> KeyDeserializer<D> {
    fn visit_text<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        let text = RawText::deserialize(self.de)?.0;
        let inner = text
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .ok_or_else(|| de::Error::custom("a member name is not a string"))?;
        if memchr::memchr(b'\\', inner.as_bytes()).is_none() {
            return match text {
                Cow::Borrowed(text) => visitor.visit_borrowed_str(&text[1..text.len() - 1]),
                Cow::Owned(_) => visitor.visit_str(inner),
            };
        }
        // `serde_json` read the escapes without decoding them (nor checking surrogates):
        // decoding them here refuses what its parser refuses.
        let name: String = serde_json::from_str(&text).map_err(|e| {
            de::Error::custom(crate::wire::error::strip_position(&e.to_string()).to_owned())
        })?;
        let _spelling = SpellingScope::enter(&text);
        visitor.visit_string(name)
    }
}

macro_rules! forward_key {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
            self.de.$method(visitor)
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for KeyDeserializer<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.visit_text(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.visit_text(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.visit_text(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.visit_text(visitor)
    }

    forward_key! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_bytes
        deserialize_byte_buf deserialize_option deserialize_unit deserialize_seq
        deserialize_map deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_unit_struct(name, visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_newtype_struct(name, visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_tuple(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_tuple_struct(name, len, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_struct(name, fields, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_enum(name, variants, visitor)
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

/// A value's JSON text as `serde_json` hands out a `RawValue`: borrowed from the input
/// when it can be.
struct RawText<'de>(Cow<'de, str>);

impl<'de> RawText<'de> {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        de.deserialize_newtype_struct(RAW_TOKEN, RawTextVisitor)
    }
}

struct RawTextVisitor;

impl<'de> Visitor<'de> for RawTextVisitor {
    type Value = RawText<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a member name")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawText<'de>, A::Error> {
        if map.next_key::<IgnoredAny>()?.is_none() {
            return Err(de::Error::custom("a member name without its text"));
        }
        let Key(text) = map.next_value()?;
        Ok(RawText(text))
    }
}

/// A map key or a string value, borrowed from the input when it has no escapes. (`Cow`'s own
/// `Deserialize` always copies into a `String`: one allocation per key of every block.)
pub(crate) struct Key<'de>(pub(crate) Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Key<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Borrowed(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(v.to_owned())))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(v)))
    }
}

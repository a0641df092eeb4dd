//! The limits of [`ReadLimits`](crate::wire::ReadLimits) checked while a document is parsed, not
//! in a pass over the bytes before it: a `Deserializer` wrapper that counts depth and JSON
//! values and refuses a key twice in an object, as `serde_json` hands values to the model.
//!
//! It only answers "within the limits, or not": any fault (a limit, a duplicate key, a
//! shape it does not follow, a parse error) makes the read fall back to the checked path of
//! [`read_json_with`](crate::wire::read_json_with) (pre-pass, parse, path tracking), which finds
//! and names the fault exactly as before. So the errors cannot drift; this module must only
//! never pass a document that the pre-pass refuses. A document within the limits, the
//! common case, is parsed once.
//!
//! What `serde_json` reads without showing it to a visitor (a
//! [`RawValue`](serde_json::value::RawValue), which the model keeps `_meta`, structured
//! content and unknown members as, and ignored values) is checked by
//! [`scan`](crate::wire::limits::scan) over that slice, with the depth and values left.
//!
//! This file holds what the parts share (the tokens the model asks for, the fault) and the
//! key sets that refuse a key twice; [`Budget`] and the `Deserializer` wrapper that spends
//! it are in `budget`.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

mod budget;

pub(crate) use self::budget::Budget;
// Its tests (`wire/read_tests.rs`) call it by this path.
#[cfg(test)]
pub(crate) use self::budget::raw_control_in_strings;

/// The name under which `serde_json` hands out a
/// [`RawValue`](serde_json::value::RawValue) (its `raw_value` feature).
/// Should it change, raw values would fail here and every read take the checked path:
/// slower, never wrong (`tests::raw_values_take_the_one_pass` watches for it).
pub(crate) const RAW_TOKEN: &str = "$serde_json::private::RawValue";

/// The name under which a string the model keeps whole (a text block's `text`) asks to be
/// read as bytes on the one pass ([`Guard`](budget::Guard) checks them); every other
/// deserializer hands the reader itself, and it reads a `String` as before.
pub(crate) const TEXT_TOKEN: &str = "$mcp_content::private::Text";

/// The error of a fault found here; its text is never shown (the checked path names it).
fn over<E: de::Error>() -> E {
    E::custom("over a read limit")
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

//! A serde type read from JSON text that would round an integer past 64 bits: refused,
//! naming the path. Without `serde_json`'s `arbitrary_precision`, a value read with
//! `deserialize_any` (a `serde_json::Value`, an untagged enum, a `HashMap<String, Value>`)
//! or as an `f64` is handed such an integer by `visit_f64`, as the nearest `f64`
//! (`18446744073709551617` as `1.8446744073709552e19`), silently.
//!
//! Only text holding such an integer literal (found by [`big_integers`]) is read again
//! through [`Checked`], a wrapper of `serde_json`'s `Deserializer` that knows the path being
//! read, and refuses a `visit_f64` at a path where the text has an integer literal past 64
//! bits. A float literal (`1.8446744073709552e19`) reads as before; the exact reads
//! (`deserialize_u128`, `deserialize_i128`, a `RawValue`) pass through untouched.
//!
//! Hand-written because no crate does this: `serde_path_to_error` tracks the path but cannot
//! refuse a visit, and `serde_json`'s `arbitrary_precision` changes every `Value` of the
//! whole build (a feature this crate does not impose).

use std::cell::RefCell;
use std::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

use crate::wire::error::ReadError;
use crate::wire::exact::{BigIntegers, Step, big_integers, render_path};
use crate::wire::guard::RAW_TOKEN;

/// What a field that would round an integer past 64 bits is told.
const REFUSED: &str = "an integer past 64 bits cannot be read exactly into this field; \
                       use u128, i128 or RawJson";

/// Checks that reading `text` (valid JSON, which `T` read) into `T` rounds no integer past
/// 64 bits; the error's path is `prefix` and the path inside `text`. Costs nothing but a
/// scan for text without 19 digits in a row.
pub(crate) fn check_read<T: DeserializeOwned>(text: &str, prefix: &str) -> Result<(), ReadError> {
    let big = big_integers(text);
    if big.is_empty() {
        return Ok(());
    }
    let track = Track {
        nodes: RefCell::new(vec![big.root()]),
        big,
        at: RefCell::new(Vec::new()),
        key: RefCell::new(None),
        refused: RefCell::new(None),
    };
    let mut deserializer = serde_json::Deserializer::from_str(text);
    // Any other error was `T`'s read's (which succeeded) to report: only a refusal counts,
    // even one `T` caught and read past.
    let _ = T::deserialize(Checked {
        de: &mut deserializer,
        track: &track,
    });
    match track.refused.into_inner() {
        Some(path) => Err(ReadError::message(render_path(prefix, &path), REFUSED)),
        None => Ok(()),
    }
}

/// The paths of the integers past 64 bits, the path being read, and the first refused.
struct Track {
    big: BigIntegers,
    at: RefCell<Vec<Step>>,
    /// The node of `big` at each level of `at` (`None` once no big integer is below).
    nodes: RefCell<Vec<Option<usize>>>,
    /// The last member name (or variant name) read, for the value read next.
    key: RefCell<Option<String>>,
    refused: RefCell<Option<Vec<Step>>>,
}

impl Track {
    /// Runs `read` with `step` appended to the path being read.
    fn within<R>(&self, step: Step, read: impl FnOnce() -> R) -> R {
        {
            let mut nodes = self.nodes.borrow_mut();
            let node = nodes
                .last()
                .copied()
                .flatten()
                .and_then(|node| self.big.child(node, &step));
            nodes.push(node);
        }
        self.at.borrow_mut().push(step);
        let out = read();
        self.at.borrow_mut().pop();
        self.nodes.borrow_mut().pop();
        out
    }

    /// Runs `read` one member down: at the last name read.
    fn within_member<R>(&self, read: impl FnOnce() -> R) -> R {
        let key = self.key.borrow_mut().take().unwrap_or_default();
        self.within(Step::Key(key), read)
    }

    /// Whether an `f64` handed over here rounds an integer literal (and if so, notes it).
    fn refuses_f64(&self) -> bool {
        let here = self.nodes.borrow().last().copied().flatten();
        if !here.is_some_and(|node| self.big.is_big(node)) {
            return false;
        }
        let at = self.at.borrow();
        let mut refused = self.refused.borrow_mut();
        if refused.is_none() {
            *refused = Some(at.clone());
        }
        true
    }
}

/// `serde_json`'s deserializer, tracking the path and refusing rounded integers.
struct Checked<'t, D> {
    de: D,
    track: &'t Track,
}

impl<'t, D> Checked<'t, D> {
    fn split<V>(self, visitor: V) -> (D, CheckedVisitor<'t, V>) {
        let track = self.track;
        (self.de, CheckedVisitor { visitor, track })
    }
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Checked<'_, D> {
    type Error = D::Error;

    forward_wrapped!();

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        if name == RAW_TOKEN {
            // Kept as text: exact.
            return self.de.deserialize_newtype_struct(name, visitor);
        }
        let (de, visitor) = self.split(visitor);
        de.deserialize_newtype_struct(name, visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.de.deserialize_ignored_any(visitor)
    }
}

struct CheckedVisitor<'t, V> {
    visitor: V,
    track: &'t Track,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for CheckedVisitor<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    forward_visit! {
        @methods
        visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32 visit_i64: i64
        visit_i128: i128 visit_u8: u8 visit_u16: u16 visit_u32: u32 visit_u64: u64
        visit_u128: u128 visit_f32: f32 visit_char: char
        visit_str: &str visit_borrowed_str: &'de str visit_string: String
        visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<V::Value, E> {
        if self.track.refuses_f64() {
            return Err(E::custom(REFUSED));
        }
        self.visitor.visit_f64(v)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        let track = self.track;
        self.visitor.visit_some(Checked { de, track })
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        let track = self.track;
        self.visitor.visit_newtype_struct(Checked { de, track })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        let track = self.track;
        self.visitor.visit_seq(CheckedSeq {
            seq,
            track,
            index: 0,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let track = self.track;
        self.visitor.visit_map(CheckedMap { map, track })
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        let track = self.track;
        self.visitor.visit_enum(CheckedEnum { data, track })
    }
}

/// A seed whose value is read through [`Checked`] (at the path already set).
struct CheckedSeed<'t, S> {
    seed: S,
    track: &'t Track,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for CheckedSeed<'_, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        let track = self.track;
        self.seed.deserialize(Checked { de, track })
    }
}

struct CheckedSeq<'t, A> {
    seq: A,
    track: &'t Track,
    index: usize,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for CheckedSeq<'_, A> {
    type Error = A::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        let track = self.track;
        let index = self.index;
        self.index += 1;
        track.within(Step::Index(index), || {
            self.seq.next_element_seed(CheckedSeed { seed, track })
        })
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

struct CheckedMap<'t, A> {
    map: A,
    track: &'t Track,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for CheckedMap<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let track = self.track;
        *track.key.borrow_mut() = None;
        self.map.next_key_seed(NameSeed { seed, track })
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        let track = self.track;
        track.within_member(|| self.map.next_value_seed(CheckedSeed { seed, track }))
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

struct CheckedEnum<'t, A> {
    data: A,
    track: &'t Track,
}

impl<'t, 'de, A: EnumAccess<'de>> EnumAccess<'de> for CheckedEnum<'t, A> {
    type Error = A::Error;
    type Variant = CheckedVariant<'t, A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let track = self.track;
        *track.key.borrow_mut() = None;
        let (value, variant) = self.data.variant_seed(NameSeed { seed, track })?;
        Ok((value, CheckedVariant { variant, track }))
    }
}

/// An enum's content: at the path of its variant's name (`{"Name": …}`).
struct CheckedVariant<'t, A> {
    variant: A,
    track: &'t Track,
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for CheckedVariant<'_, A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.variant.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        let track = self.track;
        let variant = self.variant;
        track.within_member(|| variant.newtype_variant_seed(CheckedSeed { seed, track }))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        let track = self.track;
        let variant = self.variant;
        track.within_member(|| variant.tuple_variant(len, CheckedVisitor { visitor, track }))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let track = self.track;
        let variant = self.variant;
        track.within_member(|| variant.struct_variant(fields, CheckedVisitor { visitor, track }))
    }
}

// ---------------------------------------------------------------------------------------
// Member names

/// The seed of a member (or variant) name: notes the name it is handed.
struct NameSeed<'t, S> {
    seed: S,
    track: &'t Track,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for NameSeed<'_, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        let track = self.track;
        self.seed.deserialize(NameDeserializer { de, track })
    }
}

struct NameDeserializer<'t, D> {
    de: D,
    track: &'t Track,
}

impl<'t, D> NameDeserializer<'t, D> {
    fn split<V>(self, visitor: V) -> (D, NameVisitor<'t, V>) {
        let track = self.track;
        (self.de, NameVisitor { visitor, track })
    }
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for NameDeserializer<'_, D> {
    type Error = D::Error;

    forward_wrapped!(and_raw);
}

/// Notes a name handed as a string (or a number, for a `HashMap<u64, _>`).
struct NameVisitor<'t, V> {
    visitor: V,
    track: &'t Track,
}

impl<V> NameVisitor<'_, V> {
    fn note(&self, name: impl fmt::Display) {
        *self.track.key.borrow_mut() = Some(name.to_string());
    }
}

macro_rules! noting {
    ($($method:ident: $ty:ty)*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.note(&v);
            self.visitor.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for NameVisitor<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    noting! {
        visit_str: &str visit_borrowed_str: &'de str visit_string: String
        visit_i64: i64 visit_u64: u64 visit_i128: i128 visit_u128: u128
    }

    forward_visit! {
        @methods
        visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32 visit_u8: u8
        visit_u16: u16 visit_u32: u32 visit_f32: f32 visit_f64: f64 visit_char: char
        visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use serde::Deserialize;
    use serde_json::Value;

    use super::*;
    use crate::model::RawJson;

    const BIG: &str = "18446744073709551617";

    /// Reads `text` as `ToolOutput::read` does: the read, then the check.
    fn read<T: DeserializeOwned>(text: &str) -> Result<T, ReadError> {
        let value = crate::wire::read::read_json::<T>(text.as_bytes())?;
        check_read::<T>(text, "structuredContent")?;
        Ok(value)
    }

    fn refused_at<T: DeserializeOwned>(text: &str) -> String {
        let Err(error) = read::<T>(text) else {
            panic!("{text} read into {}", std::any::type_name::<T>());
        };
        assert_eq!(error.detail(), REFUSED, "{error}");
        error.path().to_owned()
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Stats {
        total: Value,
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Report {
        name: String,
        stats: Stats,
    }

    #[test]
    fn a_value_field_that_would_round_is_refused_with_its_path() {
        let text = format!(r#"{{"name":"n","stats":{{"total":{BIG}}}}}"#);
        assert_eq!(refused_at::<Report>(&text), "structuredContent.stats.total");
        let negative = r#"{"name":"n","stats":{"total":-9223372036854775809}}"#;
        assert_eq!(
            refused_at::<Report>(negative),
            "structuredContent.stats.total"
        );
    }

    #[test]
    fn values_nested_in_lists_and_maps_are_refused_with_their_path() {
        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct Rows {
            rows: Vec<Value>,
        }
        let text = format!(r#"{{"rows":[1,{{"a":[2,{BIG}]}}]}}"#);
        assert_eq!(refused_at::<Rows>(&text), "structuredContent.rows[1].a[1]");
        let text = format!(r#"{{"x":1,"y.z":{{"w":{BIG}}}}}"#);
        assert_eq!(
            refused_at::<HashMap<String, Value>>(&text),
            "structuredContent.y.z.w"
        );
        assert_eq!(
            refused_at::<Value>(&format!("[{BIG}]")),
            "structuredContent[0]"
        );
    }

    #[test]
    fn untagged_enums_and_f64_fields_are_refused_with_their_path() {
        #[derive(Deserialize)]
        #[serde(untagged)]
        #[allow(dead_code)]
        enum Either {
            Number(f64),
            Text(String),
        }
        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct Holder {
            either: Vec<Either>,
            ratio: f64,
        }
        let text = format!(r#"{{"either":["a",{BIG}],"ratio":1}}"#);
        assert_eq!(refused_at::<Holder>(&text), "structuredContent.either[1]");
        let text = format!(r#"{{"either":[],"ratio":{BIG}}}"#);
        assert_eq!(refused_at::<Holder>(&text), "structuredContent.ratio");
    }

    #[test]
    fn externally_tagged_variants_name_their_path() {
        #[derive(Deserialize)]
        #[allow(dead_code)]
        enum Shape {
            Dot(Value),
            Line { length: Value },
        }
        assert_eq!(
            refused_at::<Shape>(&format!(r#"{{"Dot":{BIG}}}"#)),
            "structuredContent.Dot"
        );
        assert_eq!(
            refused_at::<Shape>(&format!(r#"{{"Line":{{"length":{BIG}}}}}"#)),
            "structuredContent.Line.length"
        );
    }

    #[derive(Deserialize)]
    struct Some_ {
        kept: Value,
    }

    #[test]
    fn exact_fields_read_past_64_bits() {
        #[derive(Deserialize)]
        struct Exact {
            big: u128,
            negative: i128,
            raw: RawJson,
            ignored: Value,
        }
        let text = format!(
            r#"{{"big":{BIG},"negative":-170141183460469231731687303715884105728,"raw":[{BIG}],"ignored":1}}"#
        );
        let exact: Exact = read(&text).unwrap();
        assert_eq!(exact.big, 18_446_744_073_709_551_617);
        assert_eq!(exact.negative, i128::MIN);
        assert_eq!(exact.raw.as_str(), format!("[{BIG}]"));
        assert_eq!(exact.ignored, 1);
        // A field the type does not read is not read at all.
        let some: Some_ = read(&format!(r#"{{"kept":true,"skipped":{BIG}}}"#)).unwrap();
        assert_eq!(some.kept, true);
    }

    #[derive(Deserialize)]
    struct Mixed {
        float: f64,
        text: Value,
        exact: u128,
        #[serde(flatten)]
        rest: HashMap<String, Value>,
    }

    #[test]
    fn float_literals_and_numbers_in_strings_read_as_before() {
        let text =
            format!(r#"{{"float":1.8446744073709552e19,"text":"{BIG}","{BIG}":1,"exact":{BIG}}}"#);
        let mixed: Mixed = read(&text).unwrap();
        assert_eq!(
            mixed.float.to_bits(),
            18_446_744_073_709_551_616_f64.to_bits()
        );
        assert_eq!(mixed.text, BIG);
        assert_eq!(mixed.exact, 18_446_744_073_709_551_617);
        assert_eq!(mixed.rest[BIG], 1);
        let value: Value = read("[1.8446744073709552e19,-1e300,12345678901234567890.5]").unwrap();
        assert_eq!(value[0], 18_446_744_073_709_551_616.0);
    }
}

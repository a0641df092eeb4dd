//! Reading a model type's fields: the one `null` rule ([`Present`]), fields read once
//! ([`take_optional`], [`take_required`]) and lists grown a quarter at a time ([`Compact`]),
//! which every model type's declaration (`model_object!`) reads its members with.
//!
//! Apart from the JSON values themselves: these are the rules every model type reads its
//! members by, so a change to one (say, what `null` means) is made here, once.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::charge;

// ---------------------------------------------------------------------------------------
// Reading optional fields: one rule for `null`.

/// An optional field's value, read with the crate's one `null` rule: the official schemas
/// give no optional field a `null` type, so `null` is refused (naming the field's path)
/// rather than read as absent — a relay that dropped it would change the document, and one
/// that kept it would write an invalid one. Absent fields are `None` as usual.
pub(crate) struct Present<T>(pub(crate) T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Present<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PresentVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for PresentVisitor<T> {
            type Value = Present<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value (not null)")
            }
            fn visit_none<E: de::Error>(self) -> Result<Present<T>, E> {
                Err(null_error())
            }
            fn visit_unit<E: de::Error>(self) -> Result<Present<T>, E> {
                Err(null_error())
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Present<T>, D::Error> {
                T::deserialize(d).map(Present)
            }
        }
        deserializer.deserialize_option(PresentVisitor(std::marker::PhantomData))
    }
}

/// The error for `null` in an optional field.
pub(crate) fn null_error<E: de::Error>() -> E {
    E::custom(crate::rules::Violation::new(
        crate::rules::Rule::Type,
        "null is not allowed here (no optional field of the schema takes null): leave the field out",
    ))
}

/// Reads the value of an optional field into `slot` once, refusing `null` and a second value.
pub(crate) fn take_optional<'de, T: Deserialize<'de>, A: MapAccess<'de>>(
    access: &mut A,
    slot: &mut Option<T>,
    key: &'static str,
) -> Result<(), A::Error> {
    take_once(access, slot, key, |Present(value): Present<T>| value)
}

/// Reads the value of a required field into `slot` once.
pub(crate) fn take_required<'de, T: Deserialize<'de>, A: MapAccess<'de>>(
    access: &mut A,
    slot: &mut Option<T>,
    key: &'static str,
) -> Result<(), A::Error> {
    take_once(access, slot, key, std::convert::identity)
}

/// Reads a field's value as `V` into `slot` once, refusing a second value.
fn take_once<'de, V: Deserialize<'de>, T, A: MapAccess<'de>>(
    access: &mut A,
    slot: &mut Option<T>,
    key: &'static str,
    unwrap: impl FnOnce(V) -> T,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(key));
    }
    *slot = Some(unwrap(access.next_value::<V>()?));
    Ok(())
}

/// A list read from a peer, grown by a quarter at a time and trimmed to its length: a `Vec`
/// read element by element doubles, so a peer choosing one element past a power of two
/// would have the reader hold twice the room it needs (for a list of tiny icons, 10 times
/// the input's size). Growing by a quarter costs a few more copies and holds 1.25 times.
/// Each slot is charged to the read's model-memory budget as the list grows
/// ([`ReadLimits::max_model_bytes_per_byte`](crate::wire::ReadLimits::max_model_bytes_per_byte)).
pub(crate) struct Compact<T>(pub(crate) Vec<T>);

impl<T> From<Compact<T>> for Vec<T> {
    fn from(list: Compact<T>) -> Self {
        list.0
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Compact<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CompactVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for CompactVisitor<T> {
            type Value = Compact<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // The words of serde's own `Vec`, which these lists were read as before.
                f.write_str("a sequence")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(
                self,
                mut access: A,
            ) -> Result<Compact<T>, A::Error> {
                // A list of one (the usual tool result) gets one exact allocation, nothing
                // to trim; the charges are those of the loop below, at the same points.
                let Some(first) = access.next_element::<T>()? else {
                    return Ok(Compact(Vec::new()));
                };
                charge::<A::Error>(4 * size_of::<T>())?;
                let Some(second) = access.next_element::<T>()? else {
                    return Ok(Compact(vec![first]));
                };
                let mut list = Vec::with_capacity(4);
                list.extend([first, second]);
                while let Some(item) = access.next_element()? {
                    if list.len() == list.capacity() {
                        let more = list.len() / 4 + 4;
                        charge::<A::Error>(more.saturating_mul(size_of::<T>()))?;
                        list.reserve_exact(more);
                    }
                    list.push(item);
                }
                list.shrink_to_fit();
                Ok(Compact(list))
            }
        }
        deserializer.deserialize_seq(CompactVisitor(std::marker::PhantomData))
    }
}

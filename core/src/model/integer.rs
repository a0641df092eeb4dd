//! Integers as the official schemas count them: resource `size` (`"type": "integer"`, no
//! bound) and 2026-07-28 `ttlMs` (`"minimum": 0`, no maximum).
//!
//! JSON Schema calls a number an integer when its value is one, whatever its spelling
//! (`1.0`, `1e3`) and whatever its magnitude (`18446744073709551616`). A `u64` holds neither
//! a negative `size` nor one past 64 bits, so the model holds [`JsonInteger`].

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

use crate::rules::{Rule, Violation};
use crate::wire::error::cut;

/// An integer read from (or written to) JSON, exactly: any integer JSON Schema accepts.
///
/// A value within 64 bits (`i64` or `u64`) is held as a number and written in plain
/// digits, so a read `1.0` or `1e3` is written back as `1` or `1000`, and `-0` as `0`.
/// A value past 64 bits is held as its JSON text and written back exactly as it was read
/// (`1e30` stays `1e30`, `18446744073709551616` stays so); two such values are equal when
/// their texts are. A number that is not an integer (`1.5`, `1e-3`) is refused.
///
/// ```
/// use mcp_content::model::JsonInteger;
/// assert_eq!(JsonInteger::from(4096_u64).as_u64(), Some(4096));
/// assert_eq!(JsonInteger::from(-1_i64).as_i64(), Some(-1));
/// assert_eq!("1.0".parse::<JsonInteger>().unwrap(), JsonInteger::from(1_u64));
/// let big: JsonInteger = "18446744073709551616".parse().unwrap();
/// assert_eq!((big.as_u64(), big.to_string().as_str()), (None, "18446744073709551616"));
/// assert_eq!(serde_json::to_string(&big).unwrap(), "18446744073709551616");
/// assert!("1.5".parse::<JsonInteger>().is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct JsonInteger(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// A negative value within `i64`.
    Negative(i64),
    /// A non-negative value within `u64`.
    NonNegative(u64),
    /// A value past 64 bits: its JSON text as read (boxed twice: rare, and it keeps
    /// `Option<JsonInteger>` as small as the `Option<u64>` it replaces).
    #[allow(clippy::box_collection, clippy::redundant_allocation)]
    Text(Box<Box<str>>),
}

impl JsonInteger {
    /// The value as a `u64`, when it is one (not negative, within 64 bits).
    pub fn as_u64(&self) -> Option<u64> {
        match self.0 {
            Repr::NonNegative(v) => Some(v),
            Repr::Negative(_) | Repr::Text(_) => None,
        }
    }

    /// The value as an `i64`, when it is one.
    pub fn as_i64(&self) -> Option<i64> {
        match self.0 {
            Repr::NonNegative(v) => i64::try_from(v).ok(),
            Repr::Negative(v) => Some(v),
            Repr::Text(_) => None,
        }
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Negative(_) => true,
            Repr::NonNegative(_) => false,
            Repr::Text(text) => text.starts_with('-'),
        }
    }

    /// Parses JSON number `text` whose value is an integer (see the type's docs). The
    /// violation (rule [`Rule::Type`]) says what the text is instead.
    pub fn parse(text: &str) -> Result<Self, Violation> {
        let Some(number) = Number::parse(text) else {
            return Err(Violation::new(
                Rule::Type,
                format!("expected an integer, found `{}`", cut(text)),
            ));
        };
        number
            .to_integer(text)
            .ok_or_else(|| Violation::new(Rule::Type, format!("{} is not an integer", cut(text))))
    }
}

/// The value of a JSON number's text: `significant` digits times `10^shift`.
struct Number {
    negative: bool,
    /// The number of significant digits (leading and trailing zeros cut); 0 for zero.
    significant: usize,
    /// The power of ten the significant digits are multiplied by (clamped far past any
    /// value a document can spell in digits, so the clamp changes no answer).
    shift: i64,
    /// The significant digits' value when there are at most 20 of them.
    digits: Option<u128>,
}

/// The clamp of an exponent: no document within memory spells this many digits.
const EXPONENT_CLAMP: i64 = 1 << 50;

impl Number {
    /// The value of `text`, when it is a JSON number (RFC 8259 grammar).
    fn parse(text: &str) -> Option<Self> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int, rest) = split_digits(rest);
        if int.is_empty() || (int.len() > 1 && int.starts_with('0')) {
            return None;
        }
        let (frac, rest) = match rest.strip_prefix('.') {
            Some(rest) => match split_digits(rest) {
                ("", _) => return None,
                split => split,
            },
            None => ("", rest),
        };
        let exponent = match rest.strip_prefix(['e', 'E']) {
            Some(exp) => {
                let (negative, digits) = match exp.strip_prefix(['+', '-']) {
                    Some(digits) => (exp.starts_with('-'), digits),
                    None => (false, exp),
                };
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let magnitude = digits
                    .parse::<i64>()
                    .map_or(EXPONENT_CLAMP, |e| e.min(EXPONENT_CLAMP));
                if negative { -magnitude } else { magnitude }
            }
            None if rest.is_empty() => 0,
            None => return None,
        };
        let count = |n: usize| i64::try_from(n).map_or(EXPONENT_CLAMP, |n| n.min(EXPONENT_CLAMP));
        let total = int.len() + frac.len();
        let leading = int
            .bytes()
            .chain(frac.bytes())
            .take_while(|&b| b == b'0')
            .count();
        if leading == total {
            return Some(Self {
                negative,
                significant: 0,
                shift: 0,
                digits: Some(0),
            });
        }
        let trailing = frac
            .bytes()
            .rev()
            .chain(int.bytes().rev())
            .take_while(|&b| b == b'0')
            .count();
        let significant = total - leading - trailing;
        let digits = (significant <= 20).then(|| {
            int.bytes()
                .chain(frac.bytes())
                .skip(leading)
                .take(significant)
                .fold(0_u128, |value, b| value * 10 + u128::from(b - b'0'))
        });
        Some(Self {
            negative,
            significant,
            shift: exponent - count(frac.len()) + count(trailing),
            digits,
        })
    }

    /// The integer `text` (this number's spelling) names; `None` when it is not one.
    fn to_integer(&self, text: &str) -> Option<JsonInteger> {
        if self.shift < 0 {
            return None;
        }
        let magnitude = self.digits.and_then(|digits| {
            let shift = u32::try_from(self.shift).ok()?;
            // At most 20 digits in all: below 10^20, within a `u128`.
            (self.significant + shift as usize <= 20).then(|| digits * 10_u128.pow(shift))
        });
        let repr = match magnitude {
            Some(0) => Repr::NonNegative(0),
            Some(m) if self.negative => match i64::try_from(m) {
                Ok(m) => Repr::Negative(-m),
                Err(_) if m == 1 << 63 => Repr::Negative(i64::MIN),
                Err(_) => Repr::Text(Box::new(text.into())),
            },
            Some(m) => u64::try_from(m)
                .map_or_else(|_| Repr::Text(Box::new(text.into())), Repr::NonNegative),
            None => Repr::Text(Box::new(text.into())),
        };
        Some(JsonInteger(repr))
    }
}

/// `text` split after its leading ASCII digits.
fn split_digits(text: &str) -> (&str, &str) {
    text.split_at(
        text.bytes()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(text.len()),
    )
}

impl FromStr for JsonInteger {
    type Err = Violation;

    fn from_str(text: &str) -> Result<Self, Violation> {
        Self::parse(text)
    }
}

impl From<u64> for JsonInteger {
    fn from(value: u64) -> Self {
        Self(Repr::NonNegative(value))
    }
}

impl From<i64> for JsonInteger {
    fn from(value: i64) -> Self {
        Self(u64::try_from(value).map_or(Repr::Negative(value), Repr::NonNegative))
    }
}

impl From<u32> for JsonInteger {
    fn from(value: u32) -> Self {
        Self::from(u64::from(value))
    }
}

impl From<i32> for JsonInteger {
    fn from(value: i32) -> Self {
        Self::from(i64::from(value))
    }
}

impl From<usize> for JsonInteger {
    fn from(value: usize) -> Self {
        // `usize` is at most 64 bits on every target Rust supports.
        Self::from(u64::try_from(value).unwrap_or(u64::MAX))
    }
}

impl fmt::Display for JsonInteger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Negative(v) => v.fmt(f),
            Repr::NonNegative(v) => v.fmt(f),
            Repr::Text(text) => f.write_str(text),
        }
    }
}

impl fmt::Debug for JsonInteger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl PartialEq<u64> for JsonInteger {
    fn eq(&self, other: &u64) -> bool {
        self.as_u64() == Some(*other)
    }
}

impl PartialEq<i64> for JsonInteger {
    fn eq(&self, other: &i64) -> bool {
        self.as_i64() == Some(*other)
    }
}

impl Serialize for JsonInteger {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Repr::Negative(v) => serializer.serialize_i64(*v),
            Repr::NonNegative(v) => serializer.serialize_u64(*v),
            // Text that `parse` accepted is one JSON number: `RawValue` takes it as it is.
            Repr::Text(text) => match RawValue::from_string(text.to_string()) {
                Ok(raw) => raw.serialize(serializer),
                Err(_) => Err(serde::ser::Error::custom("an integer's text is not JSON")),
            },
        }
    }
}

impl<'de> Deserialize<'de> for JsonInteger {
    /// Reads the number's text (so a value past 64 bits is kept exactly); anything but an
    /// integer is refused with [`Rule::Type`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        let text = raw.get().trim();
        Self::parse(text).map_err(|violation| {
            let kind = match text.as_bytes().first() {
                Some(b'"') => Some("a string"),
                Some(b't' | b'f') => Some("a boolean"),
                Some(b'n') => Some("null"),
                Some(b'[') => Some("an array"),
                Some(b'{') => Some("an object"),
                _ => None,
            };
            match kind {
                Some(kind) => de::Error::custom(Violation::new(
                    Rule::Type,
                    format!("expected an integer, found {kind}"),
                )),
                None => de::Error::custom(violation),
            }
        })
    }
}

/// A [`JsonInteger`] the schema bounds below by 0 (`ttlMs`): a negative one is refused.
pub(crate) struct NonNegative(pub(crate) JsonInteger);

impl<'de> Deserialize<'de> for NonNegative {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = JsonInteger::deserialize(deserializer)?;
        if value.is_negative() {
            return Err(de::Error::custom(Violation::new(
                Rule::Type,
                format!(
                    "{} is negative: the schema's minimum is 0",
                    cut(&value.to_string())
                ),
            )));
        }
        Ok(Self(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<JsonInteger, Violation> {
        JsonInteger::parse(text)
    }

    #[test]
    fn integers_by_value_whatever_the_spelling() {
        for (text, written) in [
            ("0", "0"),
            ("-0", "0"),
            ("0.0e5", "0"),
            ("-1", "-1"),
            ("1.0", "1"),
            ("1e3", "1000"),
            ("1E+3", "1000"),
            ("12.5e1", "125"),
            ("1000e-3", "1"),
            ("1500e1", "15000"),
            ("0.001e3", "1"),
            ("9223372036854775808", "9223372036854775808"),
            ("-9223372036854775808", "-9223372036854775808"),
            ("18446744073709551615", "18446744073709551615"),
            ("18446744073709551616", "18446744073709551616"),
            ("-9223372036854775809", "-9223372036854775809"),
            ("1e30", "1e30"),
            ("1e999999999999999999999", "1e999999999999999999999"),
            (
                "100000000000000000000000000000",
                "100000000000000000000000000000",
            ),
        ] {
            let value = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(value.to_string(), written, "{text}");
            assert_eq!(serde_json::to_string(&value).unwrap(), written, "{text}");
        }
        assert_eq!(read("-1").unwrap().as_i64(), Some(-1));
        assert_eq!(read("1e3").unwrap().as_u64(), Some(1000));
        assert!(read("-1e30").unwrap().is_negative());
    }

    #[test]
    fn fractions_and_non_numbers_are_refused() {
        for text in [
            "1.5",
            "1e-3",
            "0.1",
            "-0.5",
            "1e-999999999999999999",
            "12.34e1",
        ] {
            let error = read(text).unwrap_err();
            assert_eq!(error.rule, Rule::Type, "{text}");
            assert!(
                error.message.contains("is not an integer"),
                "{text}: {error}"
            );
        }
        for text in [
            "", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1x", "\"1\"", "true",
        ] {
            assert!(read(text).is_err(), "{text}");
        }
    }
}

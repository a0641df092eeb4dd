//! Validated newtypes: a value of one of these types has passed its rule.
//!
//! Each has a fallible constructor (`new` / `FromStr`) that applies the rule from
//! [`crate::rules`], and a `Deserialize` impl that applies it too, so a model value read
//! from untrusted JSON is as valid as one built in code.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::{self, Violation};

macro_rules! validated_string {
    ($(#[$doc:meta])* $name:ident, $check:path) => {
        $(#[$doc])*
        // `Box<str>`, not `String`: 16 bytes instead of 24 in every block, descriptor and
        // list slot that holds one (what a read holds per input byte, issue 11).
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(Box<str>);

        impl $name {
            /// Checks `value` against the rule and wraps it.
            pub fn new(value: impl Into<String>) -> Result<Self, Violation> {
                let value = value.into();
                $check(&value)?;
                Ok(Self(value.into_boxed_str()))
            }

            /// Wraps a value the caller has already checked (generated code passes literals
            /// the compiler validated).
            pub(crate) fn __unchecked(value: impl Into<String>) -> Self {
                let value = value.into();
                debug_assert!($check(&value).is_ok(), "{value}");
                Self(value.into_boxed_str())
            }

            /// The value as a string slice.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The owned string.
            pub fn into_string(self) -> String {
                self.0.into_string()
            }
        }

        impl FromStr for $name {
            type Err = Violation;
            fn from_str(value: &str) -> Result<Self, Violation> {
                Self::new(value)
            }
        }

        impl TryFrom<String> for $name {
            type Error = Violation;
            fn try_from(value: String) -> Result<Self, Violation> {
                Self::new(value)
            }
        }

        impl TryFrom<&str> for $name {
            type Error = Violation;
            fn try_from(value: &str) -> Result<Self, Violation> {
                Self::new(value)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                *self.0 == *other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                *self.0 == **other
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let _model = crate::model::json::enter_model::<Self, D::Error>()?;
                let value = String::deserialize(deserializer)?;
                Self::new(value).map_err(serde::de::Error::custom)
            }
        }
    };
}

validated_string!(
    /// An RFC 6838 media type such as `image/png` or `text/plain; charset=utf-8`.
    ///
    /// ```
    /// use mcp_content::model::MimeType;
    /// assert!(MimeType::new("image/png").is_ok());
    /// assert!(MimeType::new("png").is_err());
    /// ```
    MimeType,
    rules::check_mime_type
);

validated_string!(
    /// An absolute RFC 3986 URI such as `file:///tmp/a.txt` or `weather://paris/raw.json`.
    ///
    /// ```
    /// use mcp_content::model::Uri;
    /// assert!(Uri::new("test://static-text").is_ok());
    /// assert!(Uri::new("relative/path").is_err());
    /// ```
    Uri,
    rules::check_absolute_uri
);

validated_string!(
    /// A tool name: 1 to 128 characters of `A-Z a-z 0-9 _ . -`.
    ///
    /// ```
    /// use mcp_content::model::ToolName;
    /// assert!(ToolName::new("get_weather").is_ok());
    /// assert!(ToolName::new("get weather").is_err());
    /// ```
    ToolName,
    rules::check_tool_name
);

validated_string!(
    /// An ISO 8601 date or date-time, as `annotations.lastModified` takes ("an ISO 8601
    /// formatted string"): `2025-01-12T15:00:58Z`, `2025-01-12`, `2025-01-12T15:00:58.123+02:00`,
    /// `20250112T150058Z`… It is kept and written back as received; what this crate creates
    /// ([`Timestamp::from_offset_date_time`]) is RFC 3339.
    ///
    /// ```
    /// use mcp_content::model::Timestamp;
    /// assert!(Timestamp::new("2025-01-12T15:00:58Z").is_ok());
    /// assert!(Timestamp::new("2025-01-12").is_ok());
    /// assert!(Timestamp::new("2025-01-12T15:00:58.5-03:30").is_ok());
    /// assert!(Timestamp::new("yesterday").is_err());
    /// assert!(Timestamp::new("2025-13-12").is_err());
    /// ```
    Timestamp,
    check_iso8601
);

/// The `lastModified` rule: an ISO 8601 date or date-time (RFC 3339, the profile most
/// peers write, included), in the extended or basic format, with or without an offset, and
/// the reduced precisions ISO 8601 allows (`2025`, `2025-01`, `2025-W03`, `2025-01-12T10Z`) and the end
/// of a day (`2025-01-12T24:00:00Z`).
pub(crate) fn check_iso8601(text: &str) -> Result<(), Violation> {
    if (iso8601_parses(text) || reduced_precision_parses(text))
        && offset_hours_in_range(text)
        && !mixes_formats(text)
    {
        Ok(())
    } else {
        Err(Violation::new(
            rules::Rule::Timestamp,
            format!(
                "not an ISO 8601 date or date-time {:?}; expected e.g. \"2025-01-12T15:00:58Z\" or \"2025-01-12\"",
                crate::wire::error::cut(text)
            ),
        ))
    }
}

/// Whether a date-time writes its date in one format and its time of day in the other
/// (`2025-01-12T1000`, `20250112T10:00`): ISO 8601 writes a complete representation all in
/// the basic or all in the extended format (the `time` crate reads some mixtures). An hour
/// alone (`T10`) is in both.
fn mixes_formats(text: &str) -> bool {
    let Some(at) = text.find(['T', 't']) else {
        return false;
    };
    let (date, time) = (&text[..at], &text[at + 1..]);
    let clock_end = time
        .find(['Z', 'z', '+', '-', '\u{2212}'])
        .unwrap_or(time.len());
    let whole = time[..clock_end].split(['.', ',']).next().unwrap_or("");
    // A leading sign belongs to an expanded year, not to the format.
    let date_extended = date.get(1..).is_some_and(|rest| rest.contains('-'));
    whole.len() > 2 && date_extended != whole.contains(':')
}

/// Whether the hours of a date-time's offset, if any, are 00 to 23 (ISO 8601's and RFC
/// 3339's range; the `time` crate reads up to 25).
fn offset_hours_in_range(text: &str) -> bool {
    let Some(at) = text.find(['T', 't']) else {
        return true;
    };
    let time = &text[at + 1..];
    let Some(sign) = time.find(['+', '-', '\u{2212}']) else {
        return true;
    };
    let hours = time[sign..].trim_start_matches(['+', '-', '\u{2212}']);
    hours
        .get(..2)
        .and_then(|hours| hours.parse::<u8>().ok())
        .is_none_or(|hours| hours <= 23)
}

/// What the `time` crate's ISO 8601 and RFC 3339 parsers read.
fn iso8601_parses(text: &str) -> bool {
    use time::format_description::well_known::{Iso8601, Rfc3339};
    time::OffsetDateTime::parse(text, &Rfc3339).is_ok()
        || time::OffsetDateTime::parse(text, &Iso8601::PARSING).is_ok()
        || time::PrimitiveDateTime::parse(text, &Iso8601::PARSING).is_ok()
        || time::Date::parse(text, &Iso8601::PARSING).is_ok()
}

/// ISO 8601 forms the `time` crate does not read: a year (`2025`), a year and month
/// (`2025-01`; the basic `202501` is not ISO 8601), a week without its day (`2025-W03`,
/// `2025W03`, a week date of reduced precision), an hour without minutes (`T10`, `T10+01`), and `24:00`
/// (the end of a day). Each is read as the full form it stands for (a week as its Monday,
/// so `2026-W53` is read and `2025-W53`, a week 2025 does not have, is not).
fn reduced_precision_parses(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let Some(at) = text.find(['T', 't']) else {
        if let Some((year, week)) = text.split_once('W') {
            let extended = year.len() == 5 && year.ends_with('-');
            let year = if extended { &year[..4] } else { year };
            return year.len() == 4
                && digits(year)
                && week.len() == 2
                && digits(week)
                && iso8601_parses(&format!("{text}{}", if extended { "-1" } else { "1" }));
        }
        return match text.split_once('-') {
            None => text.len() == 4 && digits(text),
            Some((year, month)) => {
                year.len() == 4
                    && digits(year)
                    && month.len() == 2
                    && digits(month)
                    && (1..=12).contains(&month.parse::<u8>().unwrap_or(0))
            }
        };
    };
    full_clock(text, at).is_some_and(|(full, _)| full != text && iso8601_parses(&full))
}

/// The date-time `text` (with its `T` at `at`) stands for, in a form the `time` crate reads:
/// an hour alone (`T10`) gets its minutes, U+2212 (the minus sign ISO 8601 prints) becomes
/// `-`, and `24:00` becomes `00:00` — with `true`: the instant is a day later.
fn full_clock(text: &str, at: usize) -> Option<(String, bool)> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (date, time) = (&text[..at], &text[at + 1..]);
    // The clock, then the offset (`Z`, `+hh`, `-hh:mm`…), which the full parse checks.
    let clock_end = time
        .find(['Z', 'z', '+', '-', '\u{2212}'])
        .unwrap_or(time.len());
    let (clock, offset) = time.split_at(clock_end);
    let mut clock = clock.to_owned();
    if clock.len() == 2 && digits(&clock) {
        clock.push_str(":00");
    }
    let mut next_day = false;
    if let Some(rest) = clock.strip_prefix("24") {
        // Only `24:00`, `24:00:00`, `24:00:00.000`… (the instant a day ends).
        if !rest.bytes().all(|b| matches!(b, b'0' | b':' | b'.' | b',')) {
            return None;
        }
        clock.replace_range(..2, "00");
        next_day = true;
    }
    // U+2212, the minus sign ISO 8601 itself prints, for the ASCII one parsers read.
    let offset = offset.replace('\u{2212}', "-");
    Some((format!("{date}T{clock}{offset}"), next_day))
}

impl Timestamp {
    /// The instant this timestamp names, when it names one: a date-time with an offset
    /// (`Z`, `+02:00`…), in any ISO 8601 spelling (`2025-01-12T10:00:00Z`,
    /// `20250112T120000+0200`, `2025-01-12T10Z`, `2025-01-11T24:00Z`…). A date, or a
    /// date-time without an offset (a local time), names none.
    ///
    /// Two spellings of one instant are equal here and different as text:
    ///
    /// ```
    /// use mcp_content::model::Timestamp;
    /// let z = Timestamp::new("2025-01-12T10:00:00Z").unwrap();
    /// let offset = Timestamp::new("2025-01-12T12:00:00+02:00").unwrap();
    /// assert_ne!(z, offset);
    /// assert_eq!(z.instant(), offset.instant());
    /// assert_eq!(Timestamp::new("2025-01-12").unwrap().instant(), None);
    /// ```
    pub fn instant(&self) -> Option<time::OffsetDateTime> {
        use time::format_description::well_known::{Iso8601, Rfc3339};
        let parse = |text: &str| {
            time::OffsetDateTime::parse(text, &Rfc3339)
                .or_else(|_| time::OffsetDateTime::parse(text, &Iso8601::PARSING))
                .ok()
        };
        if let Some(instant) = parse(&self.0) {
            return Some(instant);
        }
        let (full, next_day) = full_clock(&self.0, self.0.find(['T', 't'])?)?;
        let instant = parse(&full)?;
        if next_day {
            instant.checked_add(time::Duration::DAY)
        } else {
            Some(instant)
        }
    }
}

validated_string!(
    /// A `_meta` key that follows the key grammar (reserved prefixes allowed: a peer or the
    /// runtime may write them). Use [`MetaKey::user`] for keys written by user code.
    ///
    /// ```
    /// use mcp_content::model::MetaKey;
    /// assert!(MetaKey::new("com.example/source").is_ok());
    /// assert!(MetaKey::user("io.modelcontextprotocol/x").is_err());
    /// ```
    MetaKey,
    rules::check_meta_key
);

impl MetaKey {
    /// A key written by user code: the grammar, and no prefix reserved for MCP in any
    /// supported protocol version.
    pub fn user(value: impl Into<String>) -> Result<Self, Violation> {
        let value = value.into();
        rules::check_user_meta_key(&value)?;
        Ok(Self(value.into_boxed_str()))
    }
}

impl Timestamp {
    /// The timestamp of `moment`, in RFC 3339 form.
    pub fn from_offset_date_time(moment: time::OffsetDateTime) -> Self {
        let text = moment
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_else(|_| moment.to_string());
        Self(text.into_boxed_str())
    }
}

/// `annotations.priority`: a finite number from 0 (least important) to 1 (most important).
///
/// ```
/// use mcp_content::model::Priority;
/// assert!(Priority::new(0.0).is_ok());
/// assert!(Priority::new(1.01).is_err());
/// assert!(Priority::new(f64::NAN).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Priority(f64);

impl Priority {
    /// Checks `value` against the rule and wraps it.
    pub fn new(value: f64) -> Result<Self, Violation> {
        rules::check_priority(value)?;
        Ok(Self(value))
    }

    /// The number.
    pub fn get(self) -> f64 {
        self.0
    }
}

impl TryFrom<f64> for Priority {
    type Error = Violation;
    fn try_from(value: f64) -> Result<Self, Violation> {
        Self::new(value)
    }
}

impl Serialize for Priority {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0)
    }
}

/// Reads a number as `f64` does, but says what the schema expects (`expected a number
/// from 0 to 1`) rather than the Rust type (`expected f64`) when the JSON is not a number.
impl<'de> Deserialize<'de> for Priority {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Number;
        impl serde::de::Visitor<'_> for Number {
            type Value = f64;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number from 0 to 1")
            }
            fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<f64, E> {
                Ok(value)
            }
            // As `f64::deserialize` reads integers: the nearest `f64`.
            #[allow(clippy::cast_precision_loss)]
            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<f64, E> {
                Ok(value as f64)
            }
            #[allow(clippy::cast_precision_loss)]
            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<f64, E> {
                Ok(value as f64)
            }
        }
        let _model = crate::model::json::enter_model::<Self, D::Error>()?;
        let value = deserializer.deserialize_f64(Number)?;
        Self::new(value).map_err(serde::de::Error::custom)
    }
}

//! Protocol versions: one model, written for the version a peer negotiated.
//!
//! | version | `resultType` | non-object `structuredContent` | icons |
//! |---|---|---|---|
//! | 2025-06-18 | absent | wrapped as `{"result": …}` | not emitted |
//! | 2025-11-25 | absent | wrapped as `{"result": …}` | emitted |
//! | 2026-07-28 (default) | `"complete"` unless set | as it is | emitted |

use serde::{Serialize, Serializer};

use crate::rules::ProtocolVersion;

/// A model type that writes itself for a given protocol version. Its `Serialize` impl writes
/// for [`ProtocolVersion::LATEST`].
pub trait SerializeFor {
    /// Writes `self` as a peer on `version` expects it.
    fn serialize_for<S: Serializer>(
        &self,
        version: ProtocolVersion,
        serializer: S,
    ) -> Result<S::Ok, S::Error>;

    /// A `Serialize` view of `self` for `version`.
    fn for_version(&self, version: ProtocolVersion) -> ForVersion<'_, Self> {
        ForVersion {
            value: self,
            version,
        }
    }

    /// The JSON bytes of `self` for `version`.
    ///
    /// ```
    /// use mcp_content::{CallToolResult, ProtocolVersion, SerializeFor};
    /// let result = CallToolResult::text("hi");
    /// let old = String::from_utf8(result.to_json_for(ProtocolVersion::V2025_06_18)).unwrap();
    /// assert_eq!(old, r#"{"content":[{"type":"text","text":"hi"}]}"#);
    /// let new = String::from_utf8(result.to_json_for(ProtocolVersion::V2026_07_28)).unwrap();
    /// assert_eq!(new, r#"{"content":[{"type":"text","text":"hi"}],"resultType":"complete"}"#);
    /// ```
    fn to_json_for(&self, version: ProtocolVersion) -> Vec<u8> {
        // Sized once up front: a 1 MiB image is 1.4 MB of base64, and growing the buffer by
        // doubling would allocate (and copy) about twice that.
        let mut out = Vec::with_capacity(self.json_len_hint());
        self.write_json_for(version, &mut out);
        out
    }

    /// About how many bytes the JSON of `self` takes: the capacity [`to_json_for`] starts
    /// with (a hint, never a limit). Types that carry text or binary payloads override it so
    /// the output is allocated once.
    ///
    /// [`to_json_for`]: SerializeFor::to_json_for
    fn json_len_hint(&self) -> usize {
        128
    }

    /// Appends the JSON of `self` for `version` to `out`.
    fn write_json_for(&self, version: ProtocolVersion, out: &mut Vec<u8>) {
        let mut serializer = serde_json::Serializer::new(out);
        // Writing model values to a Vec cannot fail: every map key is a string and every
        // number is finite (priorities are validated).
        self.serialize_for(version, &mut serializer)
            .expect("model values always serialize to JSON");
    }

    /// The JSON value of `self` for `version`, at any depth: JSON text the model keeps
    /// (structured content, `_meta`, unknown fields) built in process deeper than the parser's
    /// 128 levels, which the model holds and writes, is read into the value without recursion.
    fn to_value_for(&self, version: ProtocolVersion) -> serde_json::Value {
        // `to_value` parses kept JSON text with the parser's limit: past it, read back what
        // `to_json_for` writes instead (the same value, any depth).
        serde_json::to_value(self.for_version(version)).unwrap_or_else(|_| {
            let written = self.to_json_for(version);
            std::str::from_utf8(&written)
                .ok()
                .and_then(|text| crate::wire::value_text::parse_value(text).ok())
                .unwrap_or(serde_json::Value::Null)
        })
    }
}

/// A `Serialize` view of a model value for one protocol version.
#[derive(Debug)]
pub struct ForVersion<'a, T: ?Sized> {
    value: &'a T,
    version: ProtocolVersion,
}

impl<T: SerializeFor + ?Sized> Serialize for ForVersion<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize_for(self.version, serializer)
    }
}

impl<T: SerializeFor> SerializeFor for [T] {
    fn serialize_for<S: Serializer>(
        &self,
        version: ProtocolVersion,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(|item| item.for_version(version)))
    }
}

impl<T: SerializeFor> SerializeFor for Vec<T> {
    fn serialize_for<S: Serializer>(
        &self,
        version: ProtocolVersion,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize_for(version, serializer)
    }
}

/// Implements `Serialize` as `serialize_for(LATEST)`.
macro_rules! serialize_latest {
    ($($ty:ty),* $(,)?) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::wire::version::SerializeFor::serialize_for(
                    self,
                    $crate::rules::ProtocolVersion::LATEST,
                    serializer,
                )
            }
        }
    )*};
}
pub(crate) use serialize_latest;

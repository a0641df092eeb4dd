//! Binary payloads (`data` of image and audio blocks, `blob` of resource contents).
//!
//! Users hand over bytes; the wire carries standard padded base64 (RFC 4648). Bytes are
//! encoded straight into the serializer's output in chunks (no intermediate base64 `String`);
//! base64 read from the wire is validated, kept as received and decoded on request.

use std::fmt;

use base64_simd::STANDARD;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::{self, Rule, Violation};

/// What a value holds, whatever owns it.
enum View<'a> {
    Raw(&'a [u8]),
    Text(&'a str),
}

/// Binary data that is base64 on the wire.
///
/// ```
/// use mcp_content::model::Base64Data;
/// let data = Base64Data::from_bytes(b"hi".to_vec());
/// assert_eq!(serde_json::to_string(&data).unwrap(), r#""aGk=""#);
///
/// let read: Base64Data = serde_json::from_str(r#""aGk=""#).unwrap();
/// assert_eq!(read.to_bytes().unwrap(), b"hi");
/// assert!(serde_json::from_str::<Base64Data>(r#""a Gk=""#).is_err());
/// ```
#[derive(Clone)]
pub struct Base64Data(Repr);

#[derive(Clone)]
enum Repr {
    /// Raw bytes, encoded when written.
    Bytes(Vec<u8>),
    /// Raw bytes shared with the caller (a `bytes::Bytes` clone is a reference count, not a
    /// copy), encoded when written: a tool returning an image it keeps serves it without
    /// copying it first.
    #[cfg(feature = "bytes")]
    Shared(bytes::Bytes),
    /// Validated base64 text, as received.
    Encoded(String),
}

impl Base64Data {
    /// Raw bytes; they are encoded when the value is written.
    pub fn from_bytes(bytes: impl Into<Vec<u8>>) -> Self {
        Self(Repr::Bytes(bytes.into()))
    }

    /// Base64 text, validated (standard alphabet, `=` padding, no `data:` prefix).
    pub fn from_base64(text: impl Into<String>) -> Result<Self, Violation> {
        let text = text.into();
        rules::check_base64(&text)?;
        Ok(Self(Repr::Encoded(text)))
    }

    /// Raw bytes shared, not copied: cloning the value (or the `Bytes` given) counts a
    /// reference; the bytes are encoded straight into the output when written.
    ///
    /// ```
    /// use mcp_content::model::Base64Data;
    /// let image = bytes::Bytes::from_static(b"hi");
    /// let data = Base64Data::from_shared(image.clone());
    /// assert_eq!(data.as_bytes().map(<[u8]>::as_ptr), Some(image.as_ptr()));
    /// assert_eq!(data.to_base64(), "aGk=");
    /// ```
    #[cfg(feature = "bytes")]
    pub fn from_shared(bytes: bytes::Bytes) -> Self {
        Self(Repr::Shared(bytes))
    }

    /// The decoded length in bytes.
    pub fn decoded_len(&self) -> usize {
        match &self.0 {
            Repr::Bytes(bytes) => bytes.len(),
            #[cfg(feature = "bytes")]
            Repr::Shared(bytes) => bytes.len(),
            Repr::Encoded(text) => {
                let padding = text.bytes().rev().take_while(|&b| b == b'=').count();
                text.len() / 4 * 3 - padding
            }
        }
    }

    /// The length of the base64 text on the wire.
    pub fn encoded_len(&self) -> usize {
        match self.view() {
            View::Raw(bytes) => STANDARD.encoded_length(bytes.len()),
            View::Text(text) => text.len(),
        }
    }

    /// The bytes this value holds in memory: the raw bytes, or the base64 text it was read
    /// as (what a store that bounds its memory counts).
    pub(crate) fn held_len(&self) -> usize {
        match self.view() {
            View::Raw(bytes) => bytes.len(),
            View::Text(text) => text.len(),
        }
    }

    /// Whether the payload is empty.
    pub fn is_empty(&self) -> bool {
        match self.view() {
            View::Raw(bytes) => bytes.is_empty(),
            View::Text(text) => text.is_empty(),
        }
    }

    /// The raw bytes when this value holds bytes (no decoding needed).
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self.view() {
            View::Raw(bytes) => Some(bytes),
            View::Text(_) => None,
        }
    }

    /// The base64 text when this value holds text as received.
    pub fn as_base64(&self) -> Option<&str> {
        match self.view() {
            View::Raw(_) => None,
            View::Text(text) => Some(text),
        }
    }

    fn view(&self) -> View<'_> {
        match &self.0 {
            Repr::Bytes(bytes) => View::Raw(bytes),
            #[cfg(feature = "bytes")]
            Repr::Shared(bytes) => View::Raw(bytes),
            Repr::Encoded(text) => View::Text(text),
        }
    }

    /// The decoded bytes (a copy).
    pub fn to_bytes(&self) -> Result<Vec<u8>, Violation> {
        match self.view() {
            View::Raw(bytes) => Ok(bytes.to_vec()),
            View::Text(text) => decode(text),
        }
    }

    /// The decoded bytes, without a copy when this value already holds bytes it owns alone.
    pub fn into_bytes(self) -> Result<Vec<u8>, Violation> {
        match self.0 {
            Repr::Bytes(bytes) => Ok(bytes),
            // `Vec::from(Bytes)` reuses the allocation when the `Bytes` is unique.
            #[cfg(feature = "bytes")]
            Repr::Shared(bytes) => Ok(Vec::from(bytes)),
            Repr::Encoded(text) => decode(&text),
        }
    }

    /// The decoded bytes as a shared `Bytes`: no copy when this value holds one.
    #[cfg(feature = "bytes")]
    pub fn to_shared(&self) -> Result<bytes::Bytes, Violation> {
        match &self.0 {
            Repr::Shared(bytes) => Ok(bytes.clone()),
            _ => self.to_bytes().map(bytes::Bytes::from),
        }
    }

    /// The base64 text (encodes when this value holds bytes).
    pub fn to_base64(&self) -> String {
        match self.view() {
            View::Raw(bytes) => STANDARD.encode_to_string(bytes),
            View::Text(text) => text.to_owned(),
        }
    }

    /// The base64 text, without a copy when this value holds text.
    pub fn into_base64(self) -> String {
        match self.0 {
            Repr::Encoded(text) => text,
            // Named arms, not `other`: without the `bytes` feature a wildcard would stand
            // for the one variant left (clippy's `match_wildcard_for_single_variants`).
            Repr::Bytes(bytes) => STANDARD.encode_to_string(&bytes),
            #[cfg(feature = "bytes")]
            Repr::Shared(bytes) => STANDARD.encode_to_string(&bytes),
        }
    }

    /// Writes the base64 text into `out` (what a `Display` of the value gives).
    fn write_base64(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.view() {
            View::Text(text) => out.write_str(text),
            View::Raw(bytes) => {
                // Encode in chunks into a stack buffer and hand each chunk to the writer:
                // the serializer escapes-and-copies it straight into its output, so no
                // base64 `String` of the whole payload is ever built.
                const IN: usize = 3 * 1024;
                const OUT: usize = 4 * 1024;
                let mut buffer = [0u8; OUT];
                for chunk in bytes.chunks(IN) {
                    let encoded = STANDARD.encode(chunk, base64_simd::Out::from_slice(&mut buffer));
                    // base64 output is ASCII.
                    let text = std::str::from_utf8(encoded).map_err(|_| fmt::Error)?;
                    out.write_str(text)?;
                }
                Ok(())
            }
        }
    }
}

fn decode(text: &str) -> Result<Vec<u8>, Violation> {
    STANDARD.decode_to_vec(text).map_err(|_| {
        rules::check_base64(text)
            .err()
            .unwrap_or_else(|| Violation::new(Rule::Base64, "not base64"))
    })
}

impl fmt::Display for Base64Data {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_base64(f)
    }
}

impl fmt::Debug for Base64Data {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.view() {
            View::Raw(bytes) => write!(f, "Base64Data({} bytes)", bytes.len()),
            View::Text(text) => write!(f, "Base64Data({} base64 chars)", text.len()),
        }
    }
}

/// Equal when the decoded bytes are equal.
impl PartialEq for Base64Data {
    fn eq(&self, other: &Self) -> bool {
        match (self.view(), other.view()) {
            (View::Raw(a), View::Raw(b)) => a == b,
            (View::Text(a), View::Text(b)) => a == b,
            (View::Raw(bytes), View::Text(text)) | (View::Text(text), View::Raw(bytes)) => {
                // Canonical base64 is unique for given bytes, so comparing texts is exact.
                text.len() == STANDARD.encoded_length(bytes.len())
                    && STANDARD.encode_to_string(bytes) == text
            }
        }
    }
}

impl From<Vec<u8>> for Base64Data {
    fn from(bytes: Vec<u8>) -> Self {
        Self::from_bytes(bytes)
    }
}

impl From<&[u8]> for Base64Data {
    fn from(bytes: &[u8]) -> Self {
        Self::from_bytes(bytes.to_vec())
    }
}

#[cfg(feature = "bytes")]
impl From<bytes::Bytes> for Base64Data {
    fn from(bytes: bytes::Bytes) -> Self {
        Self::from_shared(bytes)
    }
}

impl Serialize for Base64Data {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.as_base64() {
            Some(text) => serializer.serialize_str(text),
            None => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Base64Data {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let _model = crate::model::json::enter_model::<Self, D::Error>()?;
        let text = String::deserialize(deserializer)?;
        // The size limit of an untrusted read (`read_json_with`) comes first: it is cheap.
        crate::wire::limits::check_binary_text(&text).map_err(serde::de::Error::custom)?;
        Self::from_base64(text).map_err(serde::de::Error::custom)
    }
}

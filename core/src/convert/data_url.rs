//! `data:` URLs (RFC 2397) for the binary payloads of MCP: image and audio blocks and blob
//! resource contents, both ways.
//!
//! Writing always gives `data:<mime>;base64,<standard padded base64>`; the MIME type keeps its
//! parameters (`;charset=utf-8`), with the optional whitespace around `;` removed and any
//! character a URL cannot carry percent-encoded (so the URL parses back to the same type).
//!
//! Reading is strict where RFC 2397 is precise and takes what it allows:
//! - the scheme is `data:` (any case) and a `,` ends the header, else the URL is rejected
//!   (rule `uri`);
//! - the header is percent-decoded; an empty media type means RFC 2397's default
//!   `text/plain;charset=US-ASCII`, and `data:;charset=utf-8,…` means `text/plain;charset=utf-8`;
//!   the media type must pass [`check_mime_type`](crate::rules::check_mime_type) (rule `mime-type`);
//! - with `;base64` (any case) the payload, once percent-decoded, must be standard padded
//!   base64 (rule `base64`: no whitespace, no URL-safe alphabet, no missing padding);
//! - without `;base64` the payload is percent-decoded into bytes (`%zz` or a cut-off `%4` is
//!   rejected, rule `uri`); it is not rejected for being text.

use std::fmt;
use std::str::FromStr;

use crate::model::binary::Base64Data;
use crate::model::content::{AudioContent, BlobResourceContents, ImageContent};
use crate::model::validated::{MimeType, Uri};
use crate::rules::{Rule, Violation};
use crate::wire::limits::ReadLimits;

/// The media type RFC 2397 gives a `data:` URL that names none.
pub const DEFAULT_MIME_TYPE: &str = "text/plain;charset=US-ASCII";

/// The media type of a blob resource that has none, when it must be written as a URL.
pub const BLOB_MIME_TYPE: &str = "application/octet-stream";

/// A parsed `data:` URL: a validated MIME type (parameters kept) and the bytes.
///
/// ```
/// use mcp_content::convert::data_url::DataUrl;
///
/// let url = DataUrl::parse("data:text/plain;charset=utf-8;base64,aGk=").unwrap();
/// assert_eq!(url.mime_type, "text/plain;charset=utf-8");
/// assert_eq!(url.data.to_bytes().unwrap(), b"hi");
/// assert_eq!(url.to_string(), "data:text/plain;charset=utf-8;base64,aGk=");
///
/// // Without `;base64` the payload is percent-decoded, not rejected.
/// let url = DataUrl::parse("data:,hello%20world").unwrap();
/// assert_eq!(url.mime_type, "text/plain;charset=US-ASCII");
/// assert_eq!(url.data.to_bytes().unwrap(), b"hello world");
///
/// let err = DataUrl::parse("data:image/png;base64,aGk").unwrap_err();
/// assert_eq!(err.rule, mcp_content::rules::Rule::Base64);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct DataUrl {
    /// The media type, parameters included.
    pub mime_type: MimeType,
    /// The payload.
    pub data: Base64Data,
}

impl DataUrl {
    /// A data URL for `data` of type `mime_type`.
    ///
    /// ```
    /// use mcp_content::model::MimeType;
    /// use mcp_content::convert::data_url::DataUrl;
    ///
    /// let url = DataUrl::new(MimeType::new("image/png").unwrap(), b"png".to_vec());
    /// assert_eq!(url.to_string(), "data:image/png;base64,cG5n");
    /// ```
    pub fn new(mime_type: MimeType, data: impl Into<Base64Data>) -> Self {
        Self {
            mime_type,
            data: data.into(),
        }
    }

    /// Parses a `data:` URL by the rules in the [module docs](self). The error names the
    /// rule: `uri` for the URL's shape, `mime-type` for the media type, `base64` for the payload.
    ///
    /// ```
    /// use mcp_content::convert::data_url::DataUrl;
    /// use mcp_content::rules::Rule;
    ///
    /// assert!(DataUrl::parse("DATA:image/png;BASE64,cG5n").is_ok());
    /// assert_eq!(DataUrl::parse("https://example.com/a.png").unwrap_err().rule, Rule::Uri);
    /// assert_eq!(DataUrl::parse("data:image/png;base64").unwrap_err().rule, Rule::Uri);
    /// assert_eq!(DataUrl::parse("data:png;base64,cG5n").unwrap_err().rule, Rule::MimeType);
    /// assert_eq!(DataUrl::parse("data:image/png;base64,cG5n!").unwrap_err().rule, Rule::Base64);
    /// ```
    pub fn parse(url: &str) -> Result<Self, Violation> {
        Self::parse_with(url, &ReadLimits::default())
    }

    /// [`parse`](Self::parse) within `limits`: a payload that decodes to more than
    /// [`max_binary_bytes`](ReadLimits::max_binary_bytes) is refused (rule `limit`) before it
    /// is decoded — the same limit a tool result's image is held to.
    ///
    /// ```
    /// use mcp_content::wire::ReadLimits;
    /// use mcp_content::convert::data_url::DataUrl;
    /// use mcp_content::rules::Rule;
    ///
    /// let limits = ReadLimits::default().with_max_binary_bytes(2);
    /// let err = DataUrl::parse_with("data:image/png;base64,cG5n", &limits).unwrap_err();
    /// assert_eq!(err.rule, Rule::Limit);
    /// ```
    pub fn parse_with(url: &str, limits: &ReadLimits) -> Result<Self, Violation> {
        if url.len() > limits.max_document_bytes {
            return Err(Violation::new(
                Rule::Limit,
                format!(
                    "the data URL is {} bytes, over the limit of {} bytes",
                    url.len(),
                    limits.max_document_bytes
                ),
            ));
        }
        let rest = url
            .get(..5)
            .filter(|scheme| scheme.eq_ignore_ascii_case("data:"))
            .map(|_| &url[5..])
            .ok_or_else(|| {
                malformed(&format!(
                    "{} does not start with `data:` (RFC 2397)",
                    quote(url)
                ))
            })?;
        let (header, payload) = rest
            .split_once(',')
            .ok_or_else(|| malformed("no `,` between the media type and the data (RFC 2397)"))?;
        let (media_type, is_base64) = match header.len().checked_sub(7) {
            Some(at)
                if header.is_char_boundary(at) && header[at..].eq_ignore_ascii_case(";base64") =>
            {
                (&header[..at], true)
            }
            _ => (header, false),
        };
        let media_type = String::from_utf8(percent_decode(media_type, "media type")?)
            .map_err(|_| malformed("the media type is not UTF-8 once percent-decoded"))?;
        let media_type = if media_type.is_empty() {
            DEFAULT_MIME_TYPE.to_owned()
        } else if media_type.starts_with(';') {
            // RFC 2397: `data:;charset=utf-8,…` keeps the default type with its own parameters.
            format!("text/plain{media_type}")
        } else {
            media_type
        };
        let mime_type = MimeType::new(media_type)
            .map_err(|v| Violation::new(v.rule, format!("data URL media type: {}", v.message)))?;
        // The size rule is the reader's (`binary data of N bytes is over the limit`, rule
        // `limit`), with the size the reader computes, so a URL is refused exactly when the
        // same payload in a tool result is. It is checked before the payload is decoded from
        // base64; percent-escapes (rare) are undone first, within the document limit above.
        let data = if is_base64 {
            // The payload of a URL may be percent-encoded (`%2B` for `+`); decode before the
            // strict base64 check so a valid RFC 2397 URL is not refused.
            let text = if payload.contains('%') {
                String::from_utf8(percent_decode(payload, "data")?)
                    .map_err(|_| base64_error("not base64: not ASCII once percent-decoded"))?
            } else {
                payload.to_owned()
            };
            check_binary_size(base64_decoded_len(&text), limits)?;
            Base64Data::from_base64(text)
                .map_err(|v| Violation::new(v.rule, format!("data URL payload: {}", v.message)))?
        } else {
            // Percent-decoded, a payload is at most its length (itself within the document
            // limit): decoded, then held to the limit by its exact size.
            let bytes = percent_decode(payload, "data")?;
            check_binary_size(bytes.len(), limits)?;
            Base64Data::from_bytes(bytes)
        };
        Ok(Self { mime_type, data })
    }

    /// `data:<mime>;base64,<data>` for `data` of type `mime_type`, without cloning the payload
    /// (bytes are encoded straight into the string).
    ///
    /// ```
    /// use mcp_content::model::{Base64Data, MimeType};
    /// use mcp_content::convert::data_url::DataUrl;
    ///
    /// let mime = MimeType::new("text/plain; charset=utf-8").unwrap();
    /// let url = DataUrl::encode(&mime, &Base64Data::from_bytes(b"hi".to_vec()));
    /// assert_eq!(url, "data:text/plain;charset=utf-8;base64,aGk=");
    /// ```
    pub fn encode(mime_type: &MimeType, data: &Base64Data) -> String {
        let mut url = String::with_capacity(5 + mime_type.as_str().len() + 8 + data.encoded_len());
        url.push_str("data:");
        push_media_type(&mut url, mime_type.as_str());
        url.push_str(";base64,");
        // `Display` of `Base64Data` encodes in chunks: no intermediate base64 `String`.
        fmt::write(&mut url, format_args!("{data}")).ok();
        url
    }

    /// The data URL of an image block.
    ///
    /// ```
    /// use mcp_content::model::{ImageContent, MimeType};
    /// use mcp_content::convert::data_url::DataUrl;
    ///
    /// let image = ImageContent::new(b"png".to_vec(), MimeType::new("image/png").unwrap()).unwrap();
    /// assert_eq!(DataUrl::from_image(&image).to_string(), "data:image/png;base64,cG5n");
    /// ```
    pub fn from_image(image: &ImageContent) -> Self {
        Self::new(image.mime_type.clone(), image.data.clone())
    }

    /// The data URL of an audio block.
    ///
    /// ```
    /// use mcp_content::model::{AudioContent, MimeType};
    /// use mcp_content::convert::data_url::DataUrl;
    ///
    /// let audio = AudioContent::new(b"wav".to_vec(), MimeType::new("audio/wav").unwrap()).unwrap();
    /// assert_eq!(DataUrl::from_audio(&audio).to_string(), "data:audio/wav;base64,d2F2");
    /// ```
    pub fn from_audio(audio: &AudioContent) -> Self {
        Self::new(audio.mime_type.clone(), audio.data.clone())
    }

    /// The data URL of blob resource contents; a blob without a MIME type is written as
    /// [`BLOB_MIME_TYPE`] (`application/octet-stream`, what unknown bytes are).
    ///
    /// ```
    /// use mcp_content::model::{BlobResourceContents, Uri};
    /// use mcp_content::convert::data_url::DataUrl;
    ///
    /// let blob = BlobResourceContents::new(Uri::new("file:///a.bin").unwrap(), vec![0xff]);
    /// assert_eq!(DataUrl::from_blob(&blob).to_string(), "data:application/octet-stream;base64,/w==");
    /// ```
    pub fn from_blob(blob: &BlobResourceContents) -> Self {
        let mime_type = blob
            .mime_type
            .clone()
            .unwrap_or_else(|| MimeType::__unchecked(BLOB_MIME_TYPE));
        Self::new(mime_type, blob.blob.clone())
    }

    /// An image block from this URL; the media type must be `image/*` (rule `mime-kind`).
    ///
    /// ```
    /// use mcp_content::convert::data_url::DataUrl;
    ///
    /// let image = DataUrl::parse("data:image/png;base64,cG5n").unwrap().into_image().unwrap();
    /// assert_eq!(image.mime_type, "image/png");
    /// assert!(DataUrl::parse("data:,text").unwrap().into_image().is_err());
    /// ```
    pub fn into_image(self) -> Result<ImageContent, Violation> {
        ImageContent::new(self.data, self.mime_type)
    }

    /// An audio block from this URL; the media type must be `audio/*` (rule `mime-kind`).
    ///
    /// ```
    /// use mcp_content::convert::data_url::DataUrl;
    ///
    /// let audio = DataUrl::parse("data:audio/wav;base64,d2F2").unwrap().into_audio().unwrap();
    /// assert_eq!(audio.data.to_bytes().unwrap(), b"wav");
    /// ```
    pub fn into_audio(self) -> Result<AudioContent, Violation> {
        AudioContent::new(self.data, self.mime_type)
    }

    /// Blob resource contents at `uri` from this URL (any media type; it becomes `mimeType`).
    ///
    /// ```
    /// use mcp_content::model::Uri;
    /// use mcp_content::convert::data_url::DataUrl;
    ///
    /// let url = DataUrl::parse("data:application/pdf;base64,JVBERg==").unwrap();
    /// let blob = url.into_blob(Uri::new("file:///a.pdf").unwrap());
    /// assert_eq!(blob.mime_type.unwrap(), "application/pdf");
    /// ```
    pub fn into_blob(self, uri: Uri) -> BlobResourceContents {
        let mut blob = BlobResourceContents::new(uri, self.data);
        blob.mime_type = Some(self.mime_type);
        blob
    }
}

impl fmt::Display for DataUrl {
    /// Writes `data:<mime>;base64,<data>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut header = String::with_capacity(self.mime_type.as_str().len());
        push_media_type(&mut header, self.mime_type.as_str());
        write!(f, "data:{header};base64,{}", self.data)
    }
}

impl FromStr for DataUrl {
    type Err = Violation;

    fn from_str(url: &str) -> Result<Self, Violation> {
        Self::parse(url)
    }
}

/// Appends `mime` as a URL can carry it: whitespace outside quoted strings dropped (it only
/// sits around `;` in a valid MIME type), bytes outside a safe set percent-encoded (`#` would
/// start a fragment, `,` would end the header).
fn push_media_type(out: &mut String, mime: &str) {
    let mut quoted = false;
    let mut escaped = false;
    for byte in mime.bytes() {
        if quoted {
            if escaped {
                escaped = false;
            } else if byte == b'\\' {
                escaped = true;
            } else if byte == b'"' {
                quoted = false;
            }
        } else if byte == b'"' {
            quoted = true;
        } else if byte == b' ' || byte == b'\t' {
            continue;
        }
        if byte.is_ascii_alphanumeric() || b"-._~!$&'*+/;=".contains(&byte) {
            out.push(char::from(byte));
        } else {
            let _ = fmt::Write::write_fmt(out, format_args!("%{byte:02X}"));
        }
    }
}

/// Decodes `%XX` escapes; other bytes are kept as they are.
fn percent_decode(text: &str, what: &str) -> Result<Vec<u8>, Violation> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        if byte == b'%' {
            let high = bytes.get(at + 1).and_then(|&b| hex(b));
            let low = bytes.get(at + 2).and_then(|&b| hex(b));
            let (Some(high), Some(low)) = (high, low) else {
                let end = (at + 3).min(bytes.len());
                return Err(malformed(&format!(
                    "invalid percent-escape {} at byte {at} of the {what}",
                    quote(&String::from_utf8_lossy(&bytes[at..end]))
                )));
            };
            out.push(high << 4 | low);
            at += 3;
        } else {
            out.push(byte);
            at += 1;
        }
    }
    Ok(out)
}

fn hex(byte: u8) -> Option<u8> {
    char::from(byte)
        .to_digit(16)
        .and_then(|digit| u8::try_from(digit).ok())
}

/// The decoded size of well-formed base64 `text`, as the reader computes it for a `data` or
/// `blob` (rounded down; text that is not base64 fails the base64 rule right after).
fn base64_decoded_len(text: &str) -> usize {
    let padding = text
        .bytes()
        .rev()
        .take(2)
        .take_while(|&b| b == b'=')
        .count();
    (text.len() / 4 * 3).saturating_sub(padding)
}

/// The reader's binary limit, in the reader's words.
fn check_binary_size(decoded: usize, limits: &ReadLimits) -> Result<(), Violation> {
    if decoded > limits.max_binary_bytes {
        return Err(Violation::new(
            Rule::Limit,
            format!(
                "binary data of {decoded} bytes is over the limit of {} bytes",
                limits.max_binary_bytes
            ),
        ));
    }
    Ok(())
}

fn malformed(message: &str) -> Violation {
    Violation::new(Rule::Uri, format!("malformed data URL: {message}"))
}

fn base64_error(message: &str) -> Violation {
    Violation::new(Rule::Base64, format!("data URL payload: {message}"))
}

/// Quotes a value for a message, cut so a 1 MiB URL does not become a 1 MiB error.
fn quote(value: &str) -> String {
    const MAX: usize = 40;
    match value.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{:?}…", &value[..cut]),
        None => format!("{value:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("a%20b%2c", "data").unwrap(), b"a b,");
        assert!(percent_decode("%4", "data").is_err());
        assert!(percent_decode("%zz", "data").is_err());
    }

    #[test]
    fn media_type_is_url_safe() {
        let mut out = String::new();
        push_media_type(&mut out, "text/plain; title=\"a, b#c\"");
        assert_eq!(out, "text/plain;title=%22a%2C%20b%23c%22");
        let back = DataUrl::parse(&format!("data:{out};base64,")).unwrap();
        assert_eq!(back.mime_type, "text/plain;title=\"a, b#c\"");
    }
}

//! Icons on tools, prompts, resources and resource links (spec 2025-11-25 and later).

use std::borrow::Cow;
use std::fmt;

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

use crate::model::declare::model_object;
use crate::model::json::{JsonObject, Key, push_key};
use crate::model::validated::MimeType;
use crate::model::write::serialize_object;
use crate::rules::{self, ProtocolVersion, Violation};

/// The background an icon is drawn for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum IconTheme {
    /// For a light background.
    Light,
    /// For a dark background.
    Dark,
}

/// Reads through the `icon-theme` rule, so an unknown theme names its rule in the error.
impl<'de> Deserialize<'de> for IconTheme {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        rules::check_icon_theme(&text).map_err(serde::de::Error::custom)?;
        Ok(if text == "dark" {
            IconTheme::Dark
        } else {
            IconTheme::Light
        })
    }
}

model_object! {
    /// An icon a client may show. `src` is an `https:` or `data:` URI. Icons are not emitted
    /// for peers on protocol 2025-06-18, which has no icons.
    ///
    /// ```
    /// use mcp_content::model::Icon;
    /// let icon = Icon::new("https://example.com/icon.png").unwrap();
    /// assert!(Icon::new("ftp://example.com/icon.png").is_err());
    /// assert_eq!(serde_json::to_string(&icon).unwrap(), r#"{"src":"https://example.com/icon.png"}"#);
    /// ```
    #[derive(Debug, Clone, PartialEq)]
    pub struct Icon as "Icon", read "an icon object" {
        /// An `http:`, `https:` or `data:` URI (what [`Icon::new`] takes is `https:` or
        /// `data:`).
        pub src: String = "src" (required IconSrc => |s: IconSrc| s.0) value,
        /// A MIME type override.
        pub mime_type: Option<MimeType> = "mimeType" (optional MimeType) value,
        /// Sizes such as `48x48` or `any`.
        pub sizes: Option<IconSizes> = "sizes" (optional IconSizes) value,
        /// The theme the icon is for.
        pub theme: Option<IconTheme> = "theme" (optional IconTheme) value,
    }
}

impl Serialize for Icon {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Icons have no version-dependent field (whether they are written at all is).
        serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

impl Icon {
    /// An icon at `src` (checked: `https:` or `data:`).
    pub fn new(src: impl Into<String>) -> Result<Self, Violation> {
        let src = src.into();
        rules::check_icon_src(&src)?;
        Ok(Self {
            src,
            mime_type: None,
            sizes: None,
            theme: None,
            extra: JsonObject::new(),
        })
    }

    /// Sets the MIME type.
    #[must_use]
    pub fn mime_type(mut self, mime_type: MimeType) -> Self {
        self.mime_type = Some(mime_type);
        self
    }

    /// Sets the sizes.
    #[must_use]
    pub fn sizes(mut self, sizes: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.sizes = Some(sizes.into_iter().map(Into::<String>::into).collect());
        self
    }

    /// Sets the theme.
    #[must_use]
    pub fn theme(mut self, theme: IconTheme) -> Self {
        self.theme = Some(theme);
        self
    }
}

/// An icon `src` as read: the spec allows HTTP and HTTPS URLs and `data:` URIs, so `http:` is
/// read too, unless the read opted into [`ReadLimits::https_icons_only`](crate::wire::ReadLimits).
struct IconSrc(String);

impl<'de> Deserialize<'de> for IconSrc {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let src = String::deserialize(deserializer)?;
        check_read_icon_src(&src, crate::wire::limits::https_icons_only())
            .map_err(serde::de::Error::custom)?;
        Ok(IconSrc(src))
    }
}

/// The rule for a `src` read from a peer: `https:` or `data:` as [`rules::check_icon_src`]
/// says, and `http:` unless `https_only`.
pub(crate) fn check_read_icon_src(src: &str, https_only: bool) -> Result<(), Violation> {
    match rules::check_icon_src(src) {
        Ok(()) => Ok(()),
        Err(violation) => {
            let scheme = src.split_once(':').map_or("", |(scheme, _)| scheme);
            // An HTTP URL names a host (RFC 9110 section 4.2.1): `http://host…`.
            let has_host = src
                .get(scheme.len() + 1..)
                .and_then(|rest| rest.strip_prefix("//"))
                .is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'));
            if !https_only
                && scheme.eq_ignore_ascii_case("http")
                && has_host
                && rules::check_absolute_uri(src).is_ok()
            {
                Ok(())
            } else {
                Err(violation)
            }
        }
    }
}

/// An icon's `sizes` (`48x48`, `any`…), kept as the JSON text of the array.
///
/// A list of strings would cost 24 bytes per entry however short: a peer's
/// `["","",…]` (3 bytes an entry) would take 8 times its size and more while read. Text
/// keeps every list within its own size; the entries are read back on demand.
///
/// ```
/// use mcp_content::model::IconSizes;
/// let sizes: IconSizes = ["48x48", "any"].into_iter().collect();
/// assert_eq!(sizes.as_str(), r#"["48x48","any"]"#);
/// assert_eq!(sizes.to_vec(), ["48x48", "any"]);
/// assert_eq!(sizes.len(), 2);
/// assert_eq!(sizes, vec!["48x48".to_owned(), "any".to_owned()]);
/// let read: IconSizes = serde_json::from_str(r#"[ "a\"b", "\u0061ny" ]"#).unwrap();
/// assert_eq!(read.as_str(), r#"["a\"b","\u0061ny"]"#); // as it came
/// assert_eq!(read.to_vec(), ["a\"b", "any"]);
/// assert!(serde_json::from_str::<IconSizes>("[1]").is_err());
/// ```
#[derive(Clone)]
pub struct IconSizes(Box<RawValue>);

impl IconSizes {
    /// No sizes (`[]`).
    pub fn new() -> Self {
        Self::from_text("[]".to_owned())
    }

    /// `text`, an array of JSON strings written by this type.
    fn from_text(text: String) -> Self {
        Self(RawValue::from_string(text).expect("an array of JSON strings"))
    }

    /// The compact JSON text of the array.
    pub fn as_str(&self) -> &str {
        self.0.get()
    }

    /// The entries, in order (borrowed unless a string has escapes).
    pub fn iter(&self) -> impl Iterator<Item = Cow<'_, str>> {
        self.entries().into_iter()
    }

    /// The entries as owned strings.
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(Cow::into_owned).collect()
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.as_str() == "[]"
    }

    fn entries(&self) -> Vec<Cow<'_, str>> {
        // The text was written by this type as an array of strings.
        serde_json::from_str::<Vec<Key<'_>>>(self.0.get())
            .map(|keys| keys.into_iter().map(|k| k.0).collect())
            .unwrap_or_default()
    }
}

impl Default for IconSizes {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: AsRef<str>> FromIterator<S> for IconSizes {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Self {
        let mut text = String::from("[");
        for size in iter {
            if text.len() > 1 {
                text.push(',');
            }
            push_key(&mut text, size.as_ref());
        }
        text.push(']');
        Self::from_text(text)
    }
}

impl From<Vec<String>> for IconSizes {
    fn from(sizes: Vec<String>) -> Self {
        sizes.into_iter().collect()
    }
}

impl PartialEq for IconSizes {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for IconSizes {}

impl<S: AsRef<str>> PartialEq<Vec<S>> for IconSizes {
    fn eq(&self, other: &Vec<S>) -> bool {
        let entries = self.entries();
        entries.len() == other.len() && entries.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl fmt::Debug for IconSizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for IconSizes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// One size as its JSON text, refused inside the element (so the error's path ends in
/// `sizes[i]`) unless it is a string.
struct SizeText(Box<RawValue>);

impl<'de> Deserialize<'de> for SizeText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let size = Box::<RawValue>::deserialize(deserializer)?;
        if size.get().starts_with('"') {
            return Ok(Self(size));
        }
        let kind = match size.get().as_bytes().first() {
            Some(b'{') => "a map",
            Some(b'[') => "a sequence",
            Some(b't' | b'f') => "a boolean",
            Some(b'n') => "null",
            _ => "a number",
        };
        Err(serde::de::Error::custom(format_args!(
            "invalid type: {kind}, expected a string"
        )))
    }
}

impl<'de> Deserialize<'de> for IconSizes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SizesVisitor;
        impl<'de> Visitor<'de> for SizesVisitor {
            type Value = IconSizes;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of strings")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<IconSizes, A::Error> {
                let _model = crate::model::json::enter_model::<IconSizes, A::Error>()?;
                let mut text = String::from("[");
                // Each string as it came (escapes included): a relay writes it back unchanged.
                while let Some(SizeText(size)) = access.next_element()? {
                    if text.len() > 1 {
                        text.push(',');
                    }
                    text.push_str(size.get());
                }
                text.push(']');
                Ok(IconSizes::from_text(text))
            }
        }
        deserializer.deserialize_seq(SizesVisitor)
    }
}
